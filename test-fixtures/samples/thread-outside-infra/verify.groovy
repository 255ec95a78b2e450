// Each line marked "// expect: ThreadOutsideInfra" is reported as (File.java:LINE), nothing else
// is: not the infrastructure package, not Thread.sleep.
def log = new File(basedir, 'build.log').text

def expected = new TreeSet<String>()
new File(basedir, 'src/main/java').eachFileRecurse(groovy.io.FileType.FILES) { file ->
  file.readLines().eachWithIndex { line, i ->
    if (line.contains('// expect: ThreadOutsideInfra')) {
      expected << "${file.name}:${i + 1}".toString()
    }
  }
}
def reported = new TreeSet<String>((log =~ /\[ERROR\] ThreadOutsideInfra: .+ \((\w+\.java:\d+)\)/).collect { it[1] })

assert expected.size() == 2
assert reported == expected : "expected ${expected}, the log reported ${reported}"
assert log.contains('[ERROR]     see: target/retry-owner/rules/ThreadOutsideInfra.md')
assert log.contains('SchedulingOutsideJobs, RetryAmplification (opt-in: name them in enableRules or -Dretryowner.enableRules)')
assert !log.contains('ThreadOutsideInfra, SchedulingOutsideJobs (opt-in')
assert !log.contains('WorkerPools.java')
