// Three builds share build.log: the baseline goal, a verify that passes with the violations
// baselined, and a strict verify whose baseline holds one entry too many.
def log = new File(basedir, 'build.log').text
def builds = log.split(/\[INFO\] Scanning for projects\.\.\./).toList().tail()
assert builds.size() == 3

def expected = new TreeSet<String>()
new File(basedir, '../violating/src/main/java').eachFileRecurse(groovy.io.FileType.FILES) { file ->
  file.readLines().eachWithIndex { line, i ->
    if (line.contains('// expect: RetryOutsideJobs') && !line.contains('(related)')) {
      expected << "${file.name}:${i + 1}".toString()
    }
  }
}
assert expected.size() == 3

// Build 1 wrote the baseline: sorted entries without lines, one a statement (a builder chain is
// one use), each with its count.
def baselineFile = new File(basedir, 'retry-owner-baseline.json')
assert builds[0].contains("[INFO] retry-owner: baseline written to ${baselineFile.canonicalPath}: 3 violation(s) as 3 entries")
assert builds[0].contains('BUILD SUCCESS')
def slurper = new groovy.json.JsonSlurper()
def baseline = slurper.parse(baselineFile)
assert baseline.tool == 'retry-owner' && baseline.formatVersion == 1
assert baseline.entries.size() == 3 && baseline.entries.every { it.count == 1 && it.fingerprint ==~ /[0-9a-f]{16}/ }
assert baseline.entries.every { it.keySet() == ['rule', 'className', 'member', 'message', 'fingerprint', 'count'] as Set }
def order = baseline.entries.collect { [it.rule, it.className, it.member, it.message].join('|') }
assert order == order.toSorted()
assert baseline.entries.find { it.member == 'charge(java.util.function.Supplier)' }.message == 'calls io.github.resilience4j.retry.Retry#executeSupplier'
// The committed strict baseline is what build 1 writes plus one entry for a class that is gone.
def stale = slurper.parse(new File(basedir, 'stale-baseline.json'))
assert stale.entries.findAll { it.className != 'com.example.billing.RefundClient' } == baseline.entries

// Build 2: every violation is reported as baselined and the build passes.
def baselined = new TreeSet<String>((builds[1] =~ /\[WARNING\] RetryOutsideJobs: .+ \((\w+\.java:\d+)\) \(baselined\)/).collect { it[1] })
assert baselined == expected
assert !builds[1].contains('[ERROR]')
assert builds[1] =~ /\[INFO\] retry-owner: 0 violation\(s\) in 6 checked class\(es\), 5 source file\(s\), in \d+\.\d\d s; 3 baselined/
assert builds[1].contains('BUILD SUCCESS')

// Build 3: the leftover entry fails the strict build, which says to remove it.
def staleFile = new File(basedir, 'stale-baseline.json').canonicalPath
assert builds[2].contains("[ERROR] retry-owner: the baseline ${staleFile} has 1 entry that no violation matches any more (fixed, or the code changed); remove these entries so the baseline only shrinks:")
assert builds[2].contains('[ERROR]     RetryOutsideJobs in com.example.billing.RefundClient.<init>(): calls io.github.resilience4j.retry.Retry#of [1858467c6b0b8433]')
assert builds[2] =~ /\[INFO\] retry-owner: 0 violation\(s\) in 6 checked class\(es\), 5 source file\(s\), in \d+\.\d\d s; 3 baselined/
assert builds[2] =~ /Failed to execute goal dev\.retryowner:retry-owner-maven-plugin:[^:]+:check \(default\) on project baseline-adoption: retry-owner: the strict baseline .*stale-baseline\.json has 1 entry that no violation matches any more; remove these entries \(listed above\)/

// The reports of build 3 mark each violation as baselined.
def sarif = slurper.parse(new File(basedir, 'target/retry-owner/retry-owner.sarif'))
def json = slurper.parse(new File(basedir, 'target/retry-owner/retry-owner.json'))
assert sarif.runs[0].results.size() == expected.size() && sarif.runs[0].results.every { it.baselineState == 'unchanged' }
assert json.violations.size() == expected.size() && json.violations.every { it.status == 'baselined' }
assert json.summary.violations == 0 && json.summary.baselined == expected.size()
