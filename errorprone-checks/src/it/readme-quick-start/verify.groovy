// The README's block compiled the project with the checks on, and failed on the planted retries:
// a retry helper (its field, one finding for the statement, and its call) and a hand-rolled loop
// outside the jobs packages, not the job itself.
String log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('BUILD FAILURE')
def helper = log.readLines().findAll { it.contains('[RetryOutsideJobs]') }
assert helper.any { it.contains('com/acme/app/Quotes.java:[7,') && it.contains("declares field 'retry'") } : log
assert helper.any { it.contains('com/acme/app/Quotes.java:[10,') && it.contains('Retry#executeSupplier') } : log
def loop = log.readLines().findAll { it.contains('[HandRolledRetry]') }
assert loop.any { it.contains('com/acme/app/Quotes.java:[14,') } : log
assert !log.contains('QuoteJob.java:[') : 'the jobs package may retry'
assert !log.contains('IllegalAccessError') : 'the block lacks a JDK 17 flag'
