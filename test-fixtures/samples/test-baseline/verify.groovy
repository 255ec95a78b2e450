// Two builds share build.log: testBaseline writes the test code's own baseline file, then verify
// passes: check on the clean main code, testCheck with the test helper's violations baselined.
def log = new File(basedir, 'build.log').text
def builds = log.split(/\[INFO\] Scanning for projects\.\.\./).toList().tail()
assert builds.size() == 2

def testBaseline = new File(basedir, 'retry-owner-test-baseline.json')
assert builds[0].contains("[INFO] retry-owner: baseline written to ${testBaseline.canonicalPath}: 1 violation(s) as ")
assert builds[0].contains('; commit it, and testCheck fails only on violations it does not list')
assert builds[0].contains('BUILD SUCCESS')
assert !new File(basedir, 'retry-owner-baseline.json').exists()
def baseline = new groovy.json.JsonSlurper().parse(testBaseline)
assert baseline.entries.size() > 0 && baseline.entries.every { it.className.startsWith('com.example.orders.FlakyGateway') }

assert builds[1] =~ /\[INFO\] retry-owner: 0 violation\(s\) in 2 checked class\(es\), 2 source file\(s\), in \d+\.\d\d s\n/
assert builds[1].contains("[INFO] retry-owner: comparing with the baseline ${testBaseline.canonicalPath}")
def baselined = (builds[1] =~ /\[WARNING\] RetryOutsideJobs: .+ \((FlakyGateway\.java:\d+)\) \(baselined\)/).collect { it[1] }
assert baselined.size() == 1
assert builds[1] =~ /\[INFO\] retry-owner: 0 violation\(s\) in 2 checked class\(es\), 2 source file\(s\), in \d+\.\d\d s; 1 baselined/
assert !builds[1].contains('[ERROR]')
assert builds[1].contains('BUILD SUCCESS')
