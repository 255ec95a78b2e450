// Pastes the README's Error Prone block into the POM, with its test-code block inside the plugin.
def blocks = evaluate(new File(readmeSnippets))(readme, '## Quick start: Error Prone', 'xml')
assert blocks.size() >= 2 : 'README.md needs the test-code block of the Error Prone quick start'
String plugin = blocks[0].replace('</plugin>', blocks[1] + '</plugin>')
File pom = new File(basedir, 'pom.xml')
pom.setText(pom.getText('UTF-8').replace('<!-- README: Quick start: Error Prone -->', plugin), 'UTF-8')
