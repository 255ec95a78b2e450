// Pastes the README's Maven plugin block into the POM, as a new user would: the first xml block
// under the heading. A README without that block fails here, naming what is missing.
String readmeText = new File(readme).getText('UTF-8')
String heading = '## Quick start: Maven plugin'
int at = readmeText.indexOf(heading)
assert at >= 0 : "README.md has no heading '${heading}'"
def block = readmeText.substring(at) =~ /(?s)```xml\n(.*?)```/
assert block.find() : "README.md has no xml block under '${heading}'"
File pom = new File(basedir, 'pom.xml')
pom.setText(pom.getText('UTF-8').replace('<!-- README: Quick start: Maven plugin -->', block.group(1)), 'UTF-8')
