// The help goal lists the plugin's six goals (help included) and, with -Ddetail, their parameters
// with the user properties the docs name, generated from the same javadoc as the descriptor.
def log = new File(basedir, 'build.log').text
assert log.contains('This plugin has 6 goals:')
['baseline', 'check', 'help', 'scan', 'testBaseline', 'testCheck'].each { goal ->
  assert log.contains("retry-owner:${goal}\n") || log.contains("retry-owner:${goal}\r\n")
}
['jobsPackages', 'baselineFile', 'testJobsPackages', 'classes', 'sources', 'failOnViolation'].each { parameter ->
  assert log =~ /(?m)^    ${parameter}\b/
}
assert log.contains('User property: retryowner.jobsPackages')
assert log.contains('BUILD SUCCESS')
return true
