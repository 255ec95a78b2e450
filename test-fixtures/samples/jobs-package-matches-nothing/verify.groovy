// A jobs package that matches no class is a misconfiguration: the message names the pattern,
// lists what it saw and says how to fix it.
def log = new File(basedir, 'build.log').text
assert log.contains("the jobs package pattern 'com.example.job' matches no class")
assert log.contains('Packages seen: com.example.app, com.example.jobs.')
assert log.contains('Fix <jobsPackage> (or -Dretryowner.jobsPackages)')
