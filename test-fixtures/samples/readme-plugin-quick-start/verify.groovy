// mvn verify ran the README's check goal and failed on the planted retry helper, at its line,
// not on the job; testCheck found no test code to fail on.
String log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('BUILD FAILURE')
assert log.contains('[ERROR] RetryOutsideJobs: calls io.github.resilience4j.retry.Retry#') && log.contains('(Quotes.java:8)') : log
assert !log.contains('QuoteJob.java') : 'the jobs package may retry'
assert log.contains('retry-owner: 1 violation(s)') : log
