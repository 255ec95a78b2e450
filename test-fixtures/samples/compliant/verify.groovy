// The gate ran, checked every class and found nothing.
def log = new File(basedir, 'build.log').text
assert log.contains('[INFO] retry-owner: 0 violation(s) in 3 class(es), 3 source file(s), in ')
assert !log.contains('RetryOutsideJobs:')
// The opt-in rules are off and the log says which ones there are.
assert log.contains('[INFO] retry-owner: opt-in rules off: ThreadOutsideInfra, SchedulingOutsideJobs')
