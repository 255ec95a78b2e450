// Each line marked "// expect: <Layering rule>" is reported as (File.java:LINE), nothing else is,
// and the report carries each rule's fix and doc link.
def log = new File(basedir, 'build.log').text
def rules = ['JobsInternalsOutsideJobs', 'QueueEngineOutsideAdapter']

def expected = new TreeSet<String>()
new File(basedir, 'src/main/java').eachFileRecurse(groovy.io.FileType.FILES) { file ->
  file.readLines().eachWithIndex { line, i ->
    rules.each { rule ->
      if (line.contains("// expect: ${rule}")) {
        expected << "${rule} ${file.name}:${i + 1}".toString()
      }
    }
  }
}
def reported = new TreeSet<String>((log =~ /\[ERROR\] (\w+): .+ \((\w+\.java:\d+)\)/).collect { "${it[1]} ${it[2]}".toString() })

assert expected.size() == 3
assert reported == expected : "expected ${expected}, the log reported ${reported}"
assert log.contains('[ERROR] JobsInternalsOutsideJobs: calls com.example.jobs.internal.RetryingRunner#run, which is not part of the jobs API (jobsApiPackages [com.example.jobs.api]) (Checkout.java:18)')
assert log.contains('[ERROR]     see: target/retry-owner/rules/JobsInternalsOutsideJobs.md')
assert log.contains('[ERROR]     see: target/retry-owner/rules/QueueEngineOutsideAdapter.md')
assert log.contains('[ERROR]     fix: Use the jobs API')
assert log.contains('retry-owner found 3 violation(s) of JobsInternalsOutsideJobs, QueueEngineOutsideAdapter in 1 class(es) with violations')
assert !log.contains('is inactive')
