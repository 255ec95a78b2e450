// Copies the -D properties of the README's audit command into the POM, the jar paths pointed at
// target/audit where the build fetches them; a README without the command fails here.
def blocks = evaluate(new File(readmeSnippets))(readme, '## Quick start: Maven plugin', 'bash')
def command = blocks.find { it.contains(':scan') }
assert command : 'README.md has no scan command under the Maven plugin quick start'
def properties = (command =~ /-D(retryowner\.\w+)=(\S+)/).collect { key, name, value ->
  String path = value.endsWith('.jar') ? "\${project.basedir}/target/audit/${value}" : value
  "    <${name}>${path}</${name}>"
}
assert properties.any { it.contains('retryowner.jobsPackages>none<') } : command
File pom = new File(basedir, 'pom.xml')
pom.setText(pom.getText('UTF-8').replace('<!-- README: scan properties -->',
    properties.join('\n').trim()), 'UTF-8')
