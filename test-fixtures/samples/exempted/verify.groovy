// The exempted retries pass the gate; each is listed with its reason on the console and as a
// suppressed result in SARIF and JSON; the summary counts them.
def log = new File(basedir, 'build.log').text

def exempted = new TreeSet<String>()
new File(basedir, 'src/main/java').eachFileRecurse(groovy.io.FileType.FILES) { file ->
  file.readLines().eachWithIndex { line, i ->
    if (line.contains('// exempted')) {
      exempted << "${file.name}:${i + 1}".toString()
    }
  }
}
def listed = new TreeSet<String>((log =~ /\[INFO\] exempted RetryOutsideJobs: .+ \((\w+\.java:\d+)\) - reason: legacy importer, replaced by PAY-1234/).collect { it[1] })

assert exempted.size() == 2
assert listed == exempted : "expected ${exempted}, the log listed ${listed}"
assert log =~ /\[INFO\] retry-owner: 0 violation\(s\) in 2 checked class\(es\), 2 source file\(s\), in \d+\.\d\d s; \d+ exempted/
assert !log.contains('[ERROR] RetryOutsideJobs')
assert log.contains('BUILD SUCCESS')

def slurper = new groovy.json.JsonSlurper()
def run = slurper.parse(new File(basedir, 'target/retry-owner/retry-owner.sarif')).runs[0]
assert run.results.size() > 0
assert run.results.every { it.suppressions == [[kind: 'inSource', justification: 'legacy importer, replaced by PAY-1234']] }
def json = slurper.parse(new File(basedir, 'target/retry-owner/retry-owner.json'))
assert json.summary.violations == 0 && json.summary.exempted == run.results.size()
assert json.violations.every { it.suppressions[0].justification == 'legacy importer, replaced by PAY-1234' }
