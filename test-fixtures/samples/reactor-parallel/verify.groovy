// Three builds share build.log. Build 1, two modules at a time: each module reports its own
// result, the two failing modules defer their failure, and app, checked last, prints one reactor
// summary and fails the build naming both. Build 2, deferral off, and build 3, -fae: the failing
// modules fail at once, so Maven names them itself, and app, which depends on them, is skipped.
def builds = new File(basedir, 'build.log').text.split(/\[INFO\] Scanning for projects\.\.\./).toList().tail()
assert builds.size() == 3
def log = builds[0]
assert log.contains('Using the MultiThreadedBuilder implementation with a thread count of 2')

// Each module's own report: its violations at their lines and its summary line.
def expected = new TreeSet<String>()
['billing', 'notify', 'app'].each { module ->
  new File(basedir, "${module}/src/main/java").eachFileRecurse(groovy.io.FileType.FILES) { file ->
    file.readLines().eachWithIndex { line, i ->
      if (line.contains('// expect: RetryOutsideJobs') && !line.contains('(related)')) {
        expected << "${file.name}:${i + 1}".toString()
      }
    }
  }
}
def reported = new TreeSet<String>((log =~ /\[ERROR\] RetryOutsideJobs: .+ \((\w+\.java:\d+)\)/).collect { it[1] })
assert expected == ['MailNotifier.java:7', 'PaymentClient.java:11'] as TreeSet
assert reported == expected : "expected ${expected}, the log reported ${reported}"
assert (log =~ /\[ERROR\] retry-owner: 1 violation\(s\) in 2 checked class\(es\), 2 source file\(s\), in \d+\.\d\d s/).size() >= 2
assert log =~ /\[INFO\] retry-owner: 0 violation\(s\) in 2 checked class\(es\), 2 source file\(s\), in \d+\.\d\d s/
assert log.contains('[INFO] retry-owner: skipped, a module with pom packaging has no classes')

// The failing modules defer: the build goes on, so app (which depends on both) is checked too.
['billing', 'notify'].each { module ->
  assert log.contains("[ERROR] retry-owner: ${module} (check) is failing; the build fails after the last module's check (")
}
assert (log =~ /is failing; the build fails after the last module's check/).size() == 2

// One reactor summary, from the last check: every module check, the failing ones named.
assert (log =~ /retry-owner: reactor summary/).size() == 1
def summary = log.substring(log.indexOf('[ERROR] retry-owner: reactor summary, 4 module checks:'))
assert summary =~ /\[ERROR\]     reactor-parallel \(check\): skipped, skipped, a module with pom packaging has no classes/
assert summary =~ /\[ERROR\]     billing \(check\): FAILS, 1 violation\(s\) in 2 checked class\(es\)/
assert summary =~ /\[ERROR\]     notify \(check\): FAILS, 1 violation\(s\) in 2 checked class\(es\)/
assert summary =~ /\[ERROR\]     app \(check\): clean, 0 violation\(s\) in 2 checked class\(es\)/
assert summary.contains('[ERROR] retry-owner: 2 of 4 module checks fail: billing (check), notify (check)')
assert log =~ /\[ERROR\] Failed to execute goal [^\n]+:check \(default\) on project app: retry-owner: the gate fails in 2 of 4 module checks: billing \(check\), notify \(check\); see each module's report and the reactor summary above/

// Every module wrote its own reports.
assert ['billing', 'notify', 'app'].every { module ->
  new File(basedir, "${module}/target/retry-owner/retry-owner.json").isFile()
}

[builds[1], builds[2]].each { failAtOnce ->
  assert failAtOnce.contains('Using the MultiThreadedBuilder implementation with a thread count of 2')
  assert failAtOnce =~ /\[ERROR\] Failed to execute goal [^\n]+:check \(default\) on project (billing|notify): retry-owner found \d violation\(s\) of RetryOutsideJobs/
  assert !failAtOnce.contains('is failing; the build fails after')
  assert !failAtOnce.contains('reactor summary')
  assert !failAtOnce.contains(':check (default) @ app')
  assert failAtOnce =~ /app \.+ SKIPPED/
}
// -fae: both failing modules are checked and Maven's own summary names both.
assert builds[2] =~ /billing \.+ FAILURE/
assert builds[2] =~ /notify \.+ FAILURE/
return true
