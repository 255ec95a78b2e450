// check passes on the clean main code; testCheck then fails on the test helper's retries, at
// their lines, and leaves the test utility package (testJobsPackages) alone.
def log = new File(basedir, 'build.log').text

def expected = new TreeSet<String>()
new File(basedir, 'src/test/java').eachFileRecurse(groovy.io.FileType.FILES) { file ->
  file.readLines().eachWithIndex { line, i ->
    if (line.contains('// expect: RetryOutsideJobs') && !line.contains('(related)')) {
      expected << "${file.name}:${i + 1}".toString()
    }
  }
}
def reported = new TreeSet<String>((log =~ /\[ERROR\] RetryOutsideJobs: .+ \((\w+\.java:\d+)\)/).collect { it[1] })

assert log =~ /\[INFO\] retry-owner: 0 violation\(s\) in 2 checked class\(es\), 2 source file\(s\)/
assert expected.size() == 1
assert reported == expected : "expected ${expected}, the log reported ${reported}"
assert log =~ /\[ERROR\] retry-owner: 1 violation\(s\) in 2 checked class\(es\), 2 source file\(s\)/
assert !log.contains('Eventually.java')
assert log.contains('retry-owner found 1 violation(s) of RetryOutsideJobs in 1 class(es) with violations')
