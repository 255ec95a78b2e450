// Surefire ran the README's rule class with both rules, and RetryOutsideJobs failed on the planted
// retry helper outside the jobs packages, not on the job.
String log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('BUILD FAILURE')
assert log.contains('Tests run: 2, Failures: 1') : 'both rules must run, one must fail:\n' + log
assert log.contains("Rule 'RetryOutsideJobs:") : log
assert log.contains('com.acme.app.Quotes') : log
assert !log.contains('com.acme.jobs.QuoteJob') : 'the jobs package may retry'
