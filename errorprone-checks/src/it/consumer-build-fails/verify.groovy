// The consumer build failed because of the check, at the planted line, and only there.
String log = new File(basedir, 'build.log').getText('UTF-8')
def findings = log.readLines().findAll { it.contains('[RetryOutsideJobs]') }
assert !findings.isEmpty() : 'no RetryOutsideJobs finding in build.log'
assert findings.every { it.contains('com/acme/app/Charge.java:[8,') } : findings.join('\n')
assert findings.any { it.contains('calls io.github.resilience4j.retry.Retry#ofDefaults outside the jobs packages [com.acme.jobs]') }
assert !log.contains('ChargeJob.java:[')
assert log.contains('BUILD FAILURE')
