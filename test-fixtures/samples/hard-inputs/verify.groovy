// Three builds share build.log. Build 1 (ISO-8859-1 as project.build.sourceEncoding says, release
// 17 as maven.compiler.release says): the corrupt class file is a warning naming it, and every
// other class and source is checked: the hand-rolled retry in the ISO-8859-1 file, whose
// identifiers are not ASCII (a source check), and the retry helper (bytecode) are reported at
// their lines. Build 2 reads the sources as UTF-8 and build 3 parses them at release 11, where
// yield is no keyword: the ISO-8859-1 file is a warning saying why, and everything else is still
// checked.
def log = new File(basedir, 'build.log').text
def builds = log.split(/\[INFO\] Scanning for projects\.\.\./).toList().tail()
assert builds.size() == 3

def corrupt = new File(basedir, 'target/classes/com/example/legacy/Corrupt.class').canonicalPath
def gebuehren = new File(basedir, 'src/main/java/com/example/billing/Gebuehren.java').canonicalPath

builds.each { build ->
  assert build.contains("[WARNING] cannot read the class file ${corrupt} (not a class file: it does not start with 0xCAFEBABE); its class is not checked. Recompile the classes or remove the file.")
  assert build.contains('[ERROR]     also at (PaymentClient.java:8): declares field \'retry\' of type io.github.resilience4j.retry.Retry')
  assert build =~ /\[ERROR\] RetryOutsideJobs: .+ \(PaymentClient\.java:11\)/
  assert !build.contains('ChargeJob.java')
  assert build.contains('BUILD FAILURE')
}

assert !builds[0].contains('is not valid') && !builds[0].contains('does not parse')
assert builds[0] =~ /\[ERROR\] HandRolledRetry: this for loop runs the operation again after a failure .+ \(Gebuehren\.java:15\)/
assert builds[0].contains('[ERROR]     in com.example.billing.Gebuehren.gebühr(java.lang.String)')
assert builds[0] =~ /\[ERROR\] retry-owner: 2 violation\(s\) in 4 checked class\(es\), 3 source file\(s\), in \d+\.\d\d s/

assert builds[1].contains("[WARNING] ${gebuehren} is not valid UTF-8 text; ")
assert builds[1].contains('Set <sourceEncoding> (or project.build.sourceEncoding) to the sources\' encoding.')
assert builds[2].contains("[WARNING] ${gebuehren} does not parse (line 33: ")
[builds[1], builds[2]].each { build ->
  assert !build.contains('HandRolledRetry:')
  assert build =~ /\[ERROR\] retry-owner: 1 violation\(s\) in 4 checked class\(es\), 3 source file\(s\), in \d+\.\d\d s/
}
return true
