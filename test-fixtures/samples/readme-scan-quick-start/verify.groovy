// The scan of the jar from Maven Central, with its sources and no jobs package, failed the build
// on the retries that stripe-java writes itself.
String log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('BUILD FAILURE')
assert log =~ /\[ERROR\] retry-owner: \d+ violation\(s\) in 9932 checked class\(es\), \d+ source file\(s\)/ : log
assert log.contains('[ERROR] HandRolledRetry: ') : log
assert log.contains('retry-owner/scan/') || new File(basedir, 'target/retry-owner/retry-owner.sarif').text.contains('retry-owner/scan/')
