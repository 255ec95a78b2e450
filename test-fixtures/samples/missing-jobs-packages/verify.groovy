// Without jobsPackages the gate cannot decide anything: it fails and spells the configuration.
def log = new File(basedir, 'build.log').text
assert log.contains('retry-owner: jobsPackages is not set')
assert log.contains('<jobsPackage>com.acme.jobs</jobsPackage>')
assert log.contains('-Dretryowner.jobsPackages=com.acme.jobs')
