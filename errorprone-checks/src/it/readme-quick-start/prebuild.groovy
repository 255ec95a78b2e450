// Pastes the README's Error Prone block into the POM, as a new user would.
def blocks = evaluate(new File(readmeSnippets))(readme, '## Quick start: Error Prone', 'xml')
File pom = new File(basedir, 'pom.xml')
pom.setText(pom.getText('UTF-8').replace('<!-- README: Quick start: Error Prone -->', blocks[0]), 'UTF-8')
