// Without compiled classes the gate refuses to pass and says to compile first.
def log = new File(basedir, 'build.log').text
assert !new File(basedir, 'target/classes').exists()
assert log.contains('retry-owner: no classes to check')
assert log.contains('run the goal after compile, e.g. mvn verify')
