// The scan of the packaged jar, run without a project, reports each marked line; the first scan
// fails the build, the second (failOnViolation=false) warns and passes.
def log = new File(basedir, 'build.log').text

def expected = new TreeSet<String>()
new File(basedir, 'src/main/java').eachFileRecurse(groovy.io.FileType.FILES) { file ->
  file.readLines().eachWithIndex { line, i ->
    if (line.contains('// expect: RetryOutsideJobs') && !line.contains('(related)')) {
      expected << "${file.name}:${i + 1}".toString()
    }
  }
}
def failed = new TreeSet<String>((log =~ /\[ERROR\] RetryOutsideJobs: .+ \((\w+\.java:\d+)\)/).collect { it[1] })
def warned = new TreeSet<String>((log =~ /\[WARNING\] RetryOutsideJobs: .+ \((\w+\.java:\d+)\)/).collect { it[1] })

assert new File(basedir, 'target/scan-jar-1.0.jar').isFile()
assert !new File(basedir, 'outside/pom.xml').exists()
assert expected.size() == 1
assert failed == expected : "expected ${expected}, the failing scan reported ${failed}"
assert warned == expected : "expected ${expected}, the warning scan reported ${warned}"
assert log =~ /\[ERROR\] retry-owner: 1 violation\(s\) in 2 checked class\(es\), 2 source file\(s\)/
assert log =~ /\[WARNING\] retry-owner: 1 violation\(s\) in 2 checked class\(es\), 2 source file\(s\)/
assert log.contains('retry-owner found 1 violation(s) of RetryOutsideJobs in 1 class(es) with violations')

def json = new groovy.json.JsonSlurper().parse(new File(basedir, 'outside/target/retry-owner/retry-owner.json'))
assert json.summary.violations == 1 && json.summary.classes == 2
