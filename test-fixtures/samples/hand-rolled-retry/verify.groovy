// The loop outside the jobs package is reported at its keyword line with the fix and the doc
// link; the jobs package's loop is not reported.
def log = new File(basedir, 'build.log').text

assert log =~ /\[ERROR\] HandRolledRetry: this for loop runs the operation again after a failure \(a catch swallows the failure\), bounded by attempt counter 'attempt', waiting with java\.lang\.Thread#sleep \(ShippingClient\.java:14\)/
assert log.contains('[ERROR]     in com.example.orders.ShippingClient.book(java.lang.String)')
assert log.contains('[ERROR]     see: target/retry-owner/rules/HandRolledRetry.md')
assert log.contains('[ERROR]     fix: Send once here')
assert log =~ /\[ERROR\] retry-owner: 1 violation\(s\) in 3 checked class\(es\), 2 source file\(s\), in \d+\.\d\d s/
assert !log.contains('BookingJob.java')
assert log.contains('retry-owner found 1 violation(s) of HandRolledRetry in 1 class(es) with violations')
