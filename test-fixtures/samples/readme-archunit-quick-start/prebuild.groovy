// Pastes the README's ArchUnit quick start into this project, as a new user would: its first xml
// block (the dependencies), its second (Surefire) and its java block (the rule class).
def snippets = evaluate(new File(readmeSnippets))
def xml = snippets(readme, '## Quick start: ArchUnit', 'xml')
def java = snippets(readme, '## Quick start: ArchUnit', 'java')
assert xml.size() >= 2 : 'README.md needs the dependencies and the Surefire block of the ArchUnit quick start'
File pom = new File(basedir, 'pom.xml')
// The app's own dependency is already there: the README's go inside the same element.
pom.setText(pom.getText('UTF-8')
    .replace('<!-- README: dependencies -->', xml[0].replaceAll(/<\/?dependencies>/, ''))
    .replace('<!-- README: surefire -->', xml[1]), 'UTF-8')
def packageName = (java[0] =~ /package ([\w.]+);/)[0][1]
def className = (java[0] =~ /class (\w+)/)[0][1]
File test = new File(basedir, "src/test/java/${packageName.replace('.', '/')}/${className}.java")
test.parentFile.mkdirs()
test.setText(java[0], 'UTF-8')
