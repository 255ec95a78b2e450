// Each line marked "// expect: RetryOutsideJobs" is reported as (File.java:LINE), nothing else is,
// and the report carries the fix, the doc link and the summary line.
def log = new File(basedir, 'build.log').text

def expected = new TreeSet<String>()
new File(basedir, 'src/main/java').eachFileRecurse(groovy.io.FileType.FILES) { file ->
  file.readLines().eachWithIndex { line, i ->
    if (line.contains('// expect: RetryOutsideJobs')) {
      expected << "${file.name}:${i + 1}".toString()
    }
  }
}
def reported = new TreeSet<String>((log =~ /\[ERROR\] RetryOutsideJobs: .+ \((\w+\.java:\d+)\)/).collect { it[1] })

assert expected.size() == 7
assert reported == expected : "expected ${expected}, the log reported ${reported}"
assert log =~ /\[ERROR\] retry-owner: ${expected.size()} violation\(s\) in 6 class\(es\), 5 source file\(s\), in \d+\.\d\d s/
assert log.contains('[ERROR]     fix: Send once here')
assert log.contains('[ERROR]     see: docs/rules/RetryOutsideJobs.md')
assert log.contains('[ERROR]     in com.example.billing.PaymentClient.charge(java.util.function.Supplier)')
assert log.contains('retry-owner found 7 violation(s) of RetryOutsideJobs in 3 class(es)')
assert !log.contains('DeliveryJob.java')
