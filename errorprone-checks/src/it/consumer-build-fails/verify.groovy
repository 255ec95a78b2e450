// The consumer build failed because of the checks, at the planted lines, and only there.
String log = new File(basedir, 'build.log').getText('UTF-8')
def findings = log.readLines().findAll { it.contains('[RetryOutsideJobs]') }
assert !findings.isEmpty() : 'no RetryOutsideJobs finding in build.log'
assert findings.every { it.contains('com/acme/app/Charge.java:[8,') } : findings.join('\n')
assert findings.any { it.contains('calls io.github.resilience4j.retry.Retry#executeSupplier outside the jobs packages [com.acme.jobs]') } // one finding for the chain Retry.ofDefaults(..).executeSupplier(..)
def sleeps = log.readLines().findAll { it.contains('[SleepInRequestPath]') }
assert !sleeps.isEmpty() : 'no SleepInRequestPath finding in build.log'
assert sleeps.every { it.contains('com/acme/web/Checkout.java:[5,') } : sleeps.join('\n')
assert sleeps.any { it.contains("calls java.lang.Thread#sleep in the request path ('com.acme.web.Checkout' lies in requestPathPackages [com.acme.web])") }
assert !log.contains('ChargeJob.java:[')
assert log.contains('BUILD FAILURE')
