// Pastes the README's ArchUnit quick start into this project, as a new user would: its first xml
// block (the dependencies), its second (Surefire) and its java block (the rule class). A README
// without them fails here, naming what is missing.
String readmeText = new File(readme).getText('UTF-8')
String heading = '## Quick start: ArchUnit'
int at = readmeText.indexOf(heading)
assert at >= 0 : "README.md has no heading '${heading}'"
String section = readmeText.substring(at + heading.length())
int next = section.indexOf('\n## ')
section = next < 0 ? section : section.substring(0, next)
def xml = (section =~ /(?s)```xml\n(.*?)```/).collect { it[1] }
def java = (section =~ /(?s)```java\n(.*?)```/).collect { it[1] }
assert xml.size() >= 2 : "README.md needs the dependencies and the Surefire block under '${heading}'"
assert java.size() >= 1 : "README.md needs the rule class under '${heading}'"
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
