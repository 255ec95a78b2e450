// Each line marked "// expect: RetryOutsideJobs" is reported as (File.java:LINE), nothing else is,
// and the report carries the fix, the doc link and the summary line. One retry is one finding:
// the lines marked "(related)" (the retry's field, its configuration) are "also at" lines of
// the finding where work runs under it, and SARIF relatedLocations.
def log = new File(basedir, 'build.log').text

def expected = new TreeSet<String>()
new File(basedir, 'src/main/java').eachFileRecurse(groovy.io.FileType.FILES) { file ->
  file.readLines().eachWithIndex { line, i ->
    if (line.contains('// expect: RetryOutsideJobs') && !line.contains('(related)')) {
      expected << "${file.name}:${i + 1}".toString()
    }
  }
}
def reported = new TreeSet<String>((log =~ /\[ERROR\] RetryOutsideJobs: .+ \((\w+\.java:\d+)\)/).collect { it[1] })

assert expected.size() == 3
def related = new TreeSet<String>()
new File(basedir, 'src/main/java').eachFileRecurse(groovy.io.FileType.FILES) { file ->
  file.readLines().eachWithIndex { line, i ->
    if (line.contains('// expect: RetryOutsideJobs (related)')) {
      related << "${file.name}:${i + 1}".toString()
    }
  }
}
assert related.size() == 4
def alsoAt = new TreeSet<String>((log =~ /\[ERROR\]     also at \((\w+\.java:\d+)\): .+/).collect { it[1] })
assert alsoAt == related : "related ${related}, the log said also at ${alsoAt}"
assert reported == expected : "expected ${expected}, the log reported ${reported}"
assert log =~ /\[ERROR\] retry-owner: ${expected.size()} violation\(s\) in 6 checked class\(es\), 5 source file\(s\), in \d+\.\d\d s/
assert log.contains('[ERROR]     fix: Send once here')
assert log.contains('[ERROR]     see: target/retry-owner/rules/RetryOutsideJobs.md')
assert log.contains('[ERROR]     in com.example.billing.PaymentClient.charge(java.util.function.Supplier)')
assert log.contains('retry-owner found 3 violation(s) of RetryOutsideJobs in 3 class(es) with violations')
assert !log.contains('DeliveryJob.java')

// The same violations in both report files: SARIF for code scanning, JSON for scripts.
def slurper = new groovy.json.JsonSlurper()
def sarifFile = new File(basedir, 'target/retry-owner/retry-owner.sarif')
def jsonFile = new File(basedir, 'target/retry-owner/retry-owner.json')
def htmlFile = new File(basedir, 'target/retry-owner/retry-owner.html')
assert sarifFile.isFile() && jsonFile.isFile() && htmlFile.isFile()
assert log.contains("[INFO] retry-owner: reports written to ${sarifFile.canonicalPath} (SARIF), ${jsonFile.canonicalPath} (JSON) and ${htmlFile.canonicalPath} (HTML)")
assert htmlFile.text.contains('<section id="violations">')

def sarif = slurper.parse(sarifFile)
def run = sarif.runs[0]
def ruleIds = run.tool.driver.rules*.id
assert sarif.version == '2.1.0'
assert run.tool.driver.name == 'retry-owner' && run.tool.driver.version == pluginVersion
assert ruleIds.contains('RetryOutsideJobs') && ruleIds.contains('HandRolledRetry')
assert !ruleIds.contains('JobsInternalsOutsideJobs') && !ruleIds.contains('ThreadOutsideInfra')
assert run.results.size() == expected.size()
assert run.results.every { it.ruleId == 'RetryOutsideJobs' && ruleIds[it.ruleIndex] == 'RetryOutsideJobs' && it.level == 'error' }
assert run.results.every { it.locations[0].physicalLocation.artifactLocation.uriBaseId == '%SRCROOT%' }
assert new TreeSet<String>(run.results.collect { r ->
  def physical = r.locations[0].physicalLocation
  "${physical.artifactLocation.uri.tokenize('/').last()}:${physical.region.startLine}".toString()
}) == expected
assert run.results.every { it.locations[0].physicalLocation.artifactLocation.uri.startsWith('src/main/java/com/example/') }
assert new TreeSet<String>(run.results.collectMany { r -> (r.relatedLocations ?: []).collect { place ->
  "${place.physicalLocation.artifactLocation.uri.tokenize('/').last()}:${place.physicalLocation.region.startLine}".toString()
} }) == related
assert run.originalUriBaseIds['%SRCROOT%'].uri == basedir.canonicalFile.toPath().toUri().toString()
assert run.properties.summary.violations == expected.size()

def json = slurper.parse(jsonFile)
assert json.tool == 'retry-owner'
assert json.summary.violations == expected.size() && json.summary.classes == 6 && json.summary.sourceFiles == 5
assert json.rules*.name == ruleIds
assert new TreeSet<String>(json.violations.collect { "${it.file.tokenize('/').last()}:${it.line}".toString() }) == expected
assert json.violations.every { it.rule == 'RetryOutsideJobs' && it.docs == 'target/retry-owner/rules/RetryOutsideJobs.md' && it.fix.startsWith('Send once here') }
