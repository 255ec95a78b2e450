// Main code compiled clean; the test compile used the test-code flags: the helper in the test
// jobs package retries freely, the test that retries elsewhere fails the build.
String log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('BUILD FAILURE')
assert log.contains('default-testCompile') : log
def loops = log.readLines().findAll { it.contains('[HandRolledRetry]') }
assert loops.any { it.contains('com/acme/app/QuotesTest.java:[') } : log
assert !log.contains('Eventually.java:[') : 'the test jobs package may retry'
assert !log.contains('src/main/java/com/acme/app/Quotes.java:[') : 'main code is clean'
