// A team's own rules (rule-jar/, a plugin dependency) in the gate of an app that breaks them:
// build 1 installs the rule jar, build 2 fails naming both rules, build 3 disables one, build 4
// baselines their violations and build 5 passes with them baselined.
def log = new File(basedir, 'build.log').text
def builds = log.split(/\[INFO\] Scanning for projects\.\.\./).toList().tail()
assert builds.size() == 5

def expected = new TreeSet<String>()
new File(basedir, 'src/main/java').eachFileRecurse(groovy.io.FileType.FILES) { file ->
  file.readLines().eachWithIndex { line, i ->
    def expect = line =~ /\/\/ expect: (\w+)/
    if (expect) {
      expected << "${expect[0][1]} ${file.name}:${i + 1}".toString()
    }
  }
}
assert expected == ['NoSystemExit Main.java:6', 'WebUsesPaymentsInternals CheckoutController.java:7'] as TreeSet

// Build 1: the rule jar is installed.
assert builds[0].contains('team-arch-rules-1.0.jar') && builds[0].contains('BUILD SUCCESS')

// Build 2: the log names each custom rule and its jar, then reports each violation with the
// team's fix and documentation, and the build fails naming both rules.
def jar = ~/com\.example\.rules\.TeamRules from file:\S+\/com\/example\/team-arch-rules\/1\.0\/team-arch-rules-1\.0\.jar\)/
['NoSystemExit', 'WebUsesPaymentsInternals'].each { rule ->
  assert builds[1] =~ (/\[INFO\] retry-owner: custom rule ${rule} \(/ + jar)
}
def reported = new TreeSet<String>((builds[1] =~ /\[ERROR\] (\w+): .+ \((\w+\.java:\d+)\)/).collect { "${it[1]} ${it[2]}".toString() })
assert reported == expected
assert builds[1].contains('[ERROR] NoSystemExit: Method <com.example.cli.Main.main([Ljava.lang.String;)> calls method <java.lang.System.exit(int)> (Main.java:6)')
assert builds[1].contains('[ERROR]     fix: Throw an exception and let the caller decide; only a job may end the process.')
assert builds[1].contains('[ERROR]     see: https://wiki.example.com/arch/NoSystemExit')
assert builds[1].contains('[ERROR]     see: https://wiki.example.com/arch/WebUsesPaymentsInternals')
// The jobs package may call System.exit: the rule uses the gate's jobsPackages.
assert !builds[1].contains('NightlyJob')
assert builds[1].contains('retry-owner found 2 violation(s) of NoSystemExit, WebUsesPaymentsInternals in 2 class(es) with violations')

// Build 3: NoSystemExit is off and the log says so; the other rule still fails the build.
assert builds[2].contains('[INFO] retry-owner: custom rules off (disableRules): NoSystemExit')
assert !builds[2].contains('[INFO] retry-owner: custom rule NoSystemExit')
assert !builds[2].contains('[ERROR] NoSystemExit')
assert builds[2].contains('retry-owner found 1 violation(s) of WebUsesPaymentsInternals in 1 class(es) with violations')

// Build 4: the baseline holds the custom rules' violations like built-in ones.
def slurper = new groovy.json.JsonSlurper()
def baseline = slurper.parse(new File(basedir, 'retry-owner-baseline.json'))
assert baseline.entries.collect { it.rule }.toSet() == ['NoSystemExit', 'WebUsesPaymentsInternals'] as Set
assert baseline.entries.find { it.rule == 'NoSystemExit' }.className == 'com.example.cli.Main'
assert builds[3].contains('BUILD SUCCESS')

// Build 5: both violations are baselined and the build passes.
def baselined = new TreeSet<String>((builds[4] =~ /\[WARNING\] (\w+): .+ \((\w+\.java:\d+)\) \(baselined\)/).collect { "${it[1]} ${it[2]}".toString() })
assert baselined == expected
assert !builds[4].contains('[ERROR]')
assert builds[4] =~ /\[INFO\] retry-owner: 0 violation\(s\) in 4 checked class\(es\), 4 source file\(s\), in \d+\.\d\d s; 2 baselined/
assert builds[4].contains('BUILD SUCCESS')

// The reports of build 5 carry the custom rules: SARIF rule entries with the team's summary, fix
// and documentation link, results baselined; JSON violations with the rule's docs.
def sarif = slurper.parse(new File(basedir, 'target/retry-owner/retry-owner.sarif'))
def rules = sarif.runs[0].tool.driver.rules
def exit = rules.find { it.id == 'NoSystemExit' }
assert exit.shortDescription.text == 'no classes that are outside the jobs packages should call method System.exit(int)'
assert exit.helpUri == 'https://wiki.example.com/arch/NoSystemExit'
assert exit.help.text.startsWith('Throw an exception and let the caller decide')
assert rules.find { it.id == 'WebUsesPaymentsInternals' }.helpUri == 'https://wiki.example.com/arch/WebUsesPaymentsInternals'
def results = sarif.runs[0].results
assert results.collect { it.ruleId }.toSet() == ['NoSystemExit', 'WebUsesPaymentsInternals'] as Set
assert results.every { it.baselineState == 'unchanged' && rules[it.ruleIndex].id == it.ruleId }
def exitResult = results.find { it.ruleId == 'NoSystemExit' }
assert exitResult.locations[0].physicalLocation.artifactLocation.uri == 'src/main/java/com/example/cli/Main.java'
assert exitResult.locations[0].physicalLocation.region.startLine == 6
def json = slurper.parse(new File(basedir, 'target/retry-owner/retry-owner.json'))
assert json.violations.collect { it.rule }.toSet() == ['NoSystemExit', 'WebUsesPaymentsInternals'] as Set
assert json.violations.every { it.status == 'baselined' && it.docs.startsWith('https://wiki.example.com/arch/') }
