// The legacy app as the README shows it: its tests pass, among them the one where a single failed
// notification becomes exactly 27 requests, and then the gate fails the build naming each of the
// three retry layers around that call by rule, file and line, and nothing else; its retry
// amplification map shows the path from the booking to the mail API with the same 27.
def log = new File(basedir, 'build.log').text
def sources = new File(basedir, 'src/main/java/com/example/booking')

// The line of a source file that holds the snippet; the snippet must be on exactly one line.
def lineOf = { String path, String snippet ->
  def lines = new File(sources, path).readLines()
  def hits = lines.findIndexValues { it.contains(snippet) }
  assert hits.size() == 1 : "expected '${snippet}' on exactly one line of ${path}, found ${hits.size()}"
  "${path.tokenize('/').last()}:${hits[0] + 1}".toString()
}

// The app's own version of the plugin is a literal (the README runs the app directly); it must be
// the version this build made, or the IT would test another plugin than the README's.
def pom = new groovy.xml.XmlSlurper().parse(new File(basedir, 'pom.xml'))
def gatePlugin = pom.build.plugins.plugin.find { it.artifactId.text() == 'retry-owner-maven-plugin' }
assert gatePlugin.version.text() == pluginVersion : "examples/legacy-app/pom.xml names retry-owner-maven-plugin ${gatePlugin.version.text()}; set it to ${pluginVersion}"
// Maven names the plugin by its goal prefix or its artifactId, depending on how it resolved it.
assert log =~ /--- retry-owner(-maven-plugin)?:${java.util.regex.Pattern.quote(pluginVersion)}:check \(default\) @ legacy-app ---/

// The tests ran before the gate and passed, the 27-request one included.
def report = new groovy.xml.XmlSlurper().parse(new File(basedir, 'target/surefire-reports/TEST-com.example.booking.RetryAmplificationTest.xml'))
def amplification = report.testcase.find { it.@name == 'oneFailedNotificationBecomes27Requests' }
assert amplification.size() == 1
assert amplification.children().findAll { it.name() in ['failure', 'error', 'skipped'] }.isEmpty()
assert report.@failures == '0' && report.@errors == '0' && report.@skipped == '0'
assert log.contains('[INFO] Tests run: 5, Failures: 0, Errors: 0, Skipped: 0')
assert log.contains('WARNING: background task owner.notify failed 3 times, dropped: mail API answered 503')

// Layer by layer: what the gate must report, as "Rule File.java:LINE".
def layers = [
  'background helper (resilience4j Retry)': [
    "RetryOutsideJobs ${lineOf('infra/background/BackgroundTasks.java', 'Retry.decorateRunnable(')}",
  ],
  'mail notify policy (hand-rolled loop), and where the app builds it': [
    "HandRolledRetry ${lineOf('notify/NotifyPolicy.java', 'for (int attempt = 1; ; attempt++)')}",
  ],
  'HTTP client retrying 5xx/429 (OkHttp)': [
    "HttpClientRetries ${lineOf('infra/http/HttpClientFactory.java', 'new OkHttpClient.Builder()')}",
    "HandRolledRetry ${lineOf('infra/http/RetryServerErrorsInterceptor.java', 'while (')}",
  ],
  'the paths that multiply them, at their entry points (the first line of code)': [
    "RetryAmplification ${lineOf('BookingService.java', 'bookings.save(booking)')}",
    "RetryAmplification ${lineOf('jobs/ReminderJob.java', 'Instant dayAhead =')}",
  ],
].collectEntries { layer, findings -> [layer, findings*.toString()] }

def reported = (log =~ /\[ERROR\] (\w+): .+ \((\w+\.java:\d+)\)/).collect { "${it[1]} ${it[2]}".toString() }
def expected = layers.values().flatten()
assert reported.toSorted() == expected.toSorted() : "expected ${expected.toSorted()}, the gate reported ${reported.toSorted()}"
layers.each { layer, findings -> assert !findings.isEmpty() : "the gate named nothing in the ${layer} layer" }
// One retry, one finding: the retry's declaration and configuration, and the places that construct
// a retrying class, are "also at" lines of the finding they belong to.
def related = [
  lineOf('infra/background/BackgroundTasks.java', 'private final RetryConfig retryConfig'),
  lineOf('infra/background/BackgroundTasks.java', 'RetryConfig.custom()'),
  lineOf('BookingApp.java', 'new NotifyPolicy('),
  lineOf('infra/http/HttpClientFactory.java', 'new RetryServerErrorsInterceptor('),
]
def alsoAt = (log =~ /\[ERROR\]     also at \((\w+\.java:\d+)\): /).collect { it[1] }
related.each { place -> assert alsoAt.contains(place) : "no 'also at' line names ${place}; the log has ${alsoAt}" }

assert log =~ /\[ERROR\] retry-owner: ${expected.size()} violation\(s\) in \d+ checked class\(es\), \d+ source file\(s\), in \d+\.\d\d s/
assert log.contains("retry-owner found ${expected.size()} violation(s) of HandRolledRetry, HttpClientRetries, RetryAmplification, RetryOutsideJobs in 6 class(es) with violations")

// The amplification map: the booking's path to the mail API multiplies the three layers to the
// 27 requests RetryAmplificationTest counts at run time, each layer named where it stands.
def mailApi = lineOf('mail/MailApiClient.java', 'http.newCall(request)')
assert log =~ /\[INFO\] retry-owner: Retry amplification: 2 path\(s\) from \d+ entry point\(s\) reach an outgoing request, 2 above maxAmplification; worst first:/
assert log.contains("[INFO]     27 request(s) on one failure (3 × 3 × 3) from BookingService.book to ${mailApi} [above maxAmplification 1]")
assert log.contains("[INFO]     9 request(s) on one failure (3 × 3) from ReminderJob.run to ${mailApi} [above maxAmplification 1]")
[
  "×3  BookingService.book: hands BookingService.book (lambda) to BackgroundTasks.invoke, which runs it again after a failure: RetryOutsideJobs at ${lineOf('infra/background/BackgroundTasks.java', 'Retry.decorateRunnable(')}: resilience4j-retry 2.4.0, 3 attempts set at ${lineOf('infra/background/BackgroundTasks.java', 'RetryConfig.custom()')}",
  "×3  OwnerNotifier.send: hands OwnerNotifier.send (lambda) to NotifyPolicy.deliver, which runs it again after a failure: HandRolledRetry at ${lineOf('notify/NotifyPolicy.java', 'for (int attempt = 1; ; attempt++)')}: a loop whose counter is bounded by 3",
  "×3  MailApiClient.send: sends through okhttp3.OkHttpClient#newCall: OkHttp 3.14 / 4.12 / 5.3, the client is handed in",
  "with RetryServerErrorsInterceptor constructed beside it, HandRolledRetry at ${lineOf('infra/http/RetryServerErrorsInterceptor.java', 'while (')}: a loop whose counter is bounded by 3",
].each { hop -> assert log.contains(hop) : "the amplification map does not show: ${hop}" }
def json = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/retry-owner/retry-owner.json'))
def worst = json.amplification[0]
assert worst.requests == '27' && worst.factors == '3 × 3 × 3' && worst.aboveMax
assert worst.requests.toInteger() == 3 * 3 * 3 : 'the map and RetryAmplificationTest count the same 27'
def sarif = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/retry-owner/retry-owner.sarif'))
def flows = sarif.runs[0].results.findAll { it.ruleId == 'RetryAmplification' }*.codeFlows.flatten()
assert flows*.message*.text.contains('27 requests on one failure (3 × 3 × 3)')
