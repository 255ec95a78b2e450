// Each line marked "// expect: SleepInRequestPath" is reported as (File.java:LINE), nothing else
// is, and each finding says why its class is in the request path.
def log = new File(basedir, 'build.log').text

def expected = new TreeSet<String>()
new File(basedir, 'src/main/java').eachFileRecurse(groovy.io.FileType.FILES) { file ->
  file.readLines().eachWithIndex { line, i ->
    if (line.contains('// expect: SleepInRequestPath')) {
      expected << "${file.name}:${i + 1}".toString()
    }
  }
}
def reported = new TreeSet<String>((log =~ /\[ERROR\] SleepInRequestPath: .+ \((\w+\.java:\d+)\)/).collect { it[1] })

assert expected.size() == 2
assert reported == expected : "expected ${expected}, the log reported ${reported}"
assert log.contains("calls java.lang.Thread#sleep in the request path ('com.example.web.CheckoutHandler' lies in requestPathPackages [com.example.web])")
assert log.contains("in the request path ('com.example.upload.UploadServlet' extends jakarta.servlet.Servlet)")
assert log.contains('[ERROR]     see: target/retry-owner/rules/SleepInRequestPath.md')
assert !log.contains('Pacer.java')
assert !log.contains('DigestJob.java')
assert !log.contains('RetryOutsideJobs:')
