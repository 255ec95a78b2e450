// Each line marked "// expect: HttpClientRetries" is reported as (File.java:LINE), nothing else
// is, and the report carries the reason, the fix and the doc link.
def log = new File(basedir, 'build.log').text

def expected = new TreeSet<String>()
new File(basedir, 'src/main/java').eachFileRecurse(groovy.io.FileType.FILES) { file ->
  file.readLines().eachWithIndex { line, i ->
    if (line.contains('// expect: HttpClientRetries')) {
      expected << "${file.name}:${i + 1}".toString()
    }
  }
}
def reported = new TreeSet<String>((log =~ /\[ERROR\] HttpClientRetries: .+ \((\w+\.java:\d+)\)/).collect { it[1] })

assert expected.size() == 3
assert reported == expected : "expected ${expected}, the log reported ${reported}"
assert log.contains('[ERROR] HttpClientRetries: constructs okhttp3.OkHttpClient(), which builds a client with its retries on (PaymentGateway.java:10)')
assert log.contains('[ERROR] HttpClientRetries: constructs okhttp3.OkHttpClient.Builder() and never calls retryOnConnectionFailure(false) on it in this method, so its retries stay on (PaymentGateway.java:17)')
assert log.contains('[ERROR]     in com.example.payments.PaymentGateway.statusClient()')
assert log.contains('[ERROR]     fix: Build the client with the NoRetry call the finding names')
assert log.contains('[ERROR]     see: target/retry-owner/rules/HttpClientRetries.md')
assert !log.contains('HttpClientRetries: calls org.apache')
assert log.contains('retry-owner found 3 violation(s) of HttpClientRetries in 2 class(es) with violations')
