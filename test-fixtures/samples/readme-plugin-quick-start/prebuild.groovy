// Pastes the README's Maven plugin block into the POM, as a new user would.
def blocks = evaluate(new File(readmeSnippets))(readme, '## Quick start: Maven plugin', 'xml')
File pom = new File(basedir, 'pom.xml')
pom.setText(pom.getText('UTF-8').replace('<!-- README: Quick start: Maven plugin -->', blocks[0]), 'UTF-8')
