// The gate ran, checked every class and found nothing.
def log = new File(basedir, 'build.log').text
assert log.contains('[INFO] retry-owner: 0 violation(s) in 3 checked class(es), 3 source file(s), in ')
assert !log.contains('RetryOutsideJobs:')
// The opt-in rules are off and one log line says which rules do not run and what would run them.
assert log.contains('[INFO] retry-owner: not running: JobsInternalsOutsideJobs (set jobsApiPackages or jobsApiAnnotation); QueueEngineOutsideAdapter (set queueEnginePackages and queueAdapterPackages); ThreadOutsideInfra, SchedulingOutsideJobs, RetryAmplification (opt-in: name them in enableRules or -Dretryowner.enableRules)')

// Clean runs write both reports too: every rule that ran, no results, the summary.
def slurper = new groovy.json.JsonSlurper()
def sarif = slurper.parse(new File(basedir, 'target/retry-owner/retry-owner.sarif'))
def json = slurper.parse(new File(basedir, 'target/retry-owner/retry-owner.json'))
assert log.contains('[INFO] retry-owner: reports written to ')
assert sarif.runs[0].results == []
assert sarif.runs[0].tool.driver.rules*.id.contains('RetryOutsideJobs')
assert sarif.runs[0].properties.summary.violations == 0
assert json.violations == []
assert json.summary.violations == 0 && json.summary.classes == 3
assert json.rules*.name == sarif.runs[0].tool.driver.rules*.id
