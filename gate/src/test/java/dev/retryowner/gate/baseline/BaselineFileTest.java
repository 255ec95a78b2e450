package dev.retryowner.gate.baseline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.Site;
import dev.retryowner.gate.GateException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BaselineFileTest {
  private static final String RETRY = "io.github.resilience4j.retry.Retry";
  private static final String REGENERATE = ". Regenerate it with the baseline goal (mvn"
      + " retry-owner:baseline or retry-owner baseline) (it"
      + " writes the current violations), or restore the file from version control.";

  @TempDir Path temp;

  @Test
  void theFileIsSortedIndentedJsonWithoutLines() throws Exception {
    Path file = temp.resolve("retry-owner-baseline.json");
    BaselineFile.write(Baseline.of(List.of(
        finding("SearchIndexer", "index(java.lang.String)", 11, "calls "
            + "org.springframework.retry.support.RetryTemplate#execute"),
        finding("PaymentClient", "charge()", 20, "calls " + RETRY + "#executeSupplier"),
        finding("PaymentClient", "charge()", 27, "calls " + RETRY + "#executeSupplier"))), file);

    assertThat(Files.readString(file)).isEqualTo("""
        {
          "tool": "retry-owner",
          "formatVersion": 1,
          "entries": [
            {
              "rule": "RetryOutsideJobs",
              "className": "com.acme.PaymentClient",
              "member": "charge()",
              "message": "calls io.github.resilience4j.retry.Retry#executeSupplier",
              "fingerprint": "%s",
              "count": 2
            },
            {
              "rule": "RetryOutsideJobs",
              "className": "com.acme.SearchIndexer",
              "member": "index(java.lang.String)",
              "message": "calls org.springframework.retry.support.RetryTemplate#execute",
              "fingerprint": "%s",
              "count": 1
            }
          ]
        }
        """.formatted(BaselineKey.fingerprint("calls " + RETRY + "#executeSupplier"),
        BaselineKey.fingerprint("calls org.springframework.retry.support.RetryTemplate#execute")));
  }

  @Test
  void whatIsWrittenReadsBackAsTheSameBaseline() throws Exception {
    Path file = temp.resolve("nested/dir/baseline.json");
    Baseline baseline = Baseline.of(List.of(finding("PaymentClient", "", 0, "extends " + RETRY),
        finding("PaymentClient", "charge()", 20, "calls " + RETRY + "#executeSupplier")));

    BaselineFile.write(baseline, file);

    assertThat(BaselineFile.read(file)).isEqualTo(baseline);
  }

  @Test
  void anEmptyBaselineIsValid() throws Exception {
    Path file = temp.resolve("baseline.json");

    BaselineFile.write(Baseline.of(List.of()), file);

    assertThat(BaselineFile.read(file).entries()).isEmpty();
  }

  @Test
  void textThatIsNotJsonIsAnErrorSayingWhereAndHowToFix() throws Exception {
    Path file = Files.writeString(temp.resolve("baseline.json"),
        "{\n  \"formatVersion\": 1,\n  <<<<<<< HEAD\n");

    assertThatThrownBy(() -> BaselineFile.read(file)).isInstanceOf(GateException.class)
        .hasMessageStartingWith("retry-owner: the baseline file " + file
            + " cannot be used: it is not valid JSON (")
        .hasMessageContaining("at line 3, column ")
        .hasMessageEndingWith(REGENERATE);
  }

  @Test
  void aWrongOrMissingFormatVersionIsAnError() throws Exception {
    Path newer = Files.writeString(temp.resolve("newer.json"),
        "{\"tool\": \"retry-owner\", \"formatVersion\": 2, \"entries\": []}");
    Path other = Files.writeString(temp.resolve("other.json"), "{\"violations\": []}");
    Path array = Files.writeString(temp.resolve("array.json"), "[]");

    assertThatThrownBy(() -> BaselineFile.read(newer)).hasMessage("retry-owner: the baseline file "
        + newer + " cannot be used: its formatVersion is 2, this plugin reads 1" + REGENERATE);
    assertThatThrownBy(() -> BaselineFile.read(other)).hasMessage("retry-owner: the baseline file "
        + other + " cannot be used: it has no formatVersion, so it is no retry-owner baseline"
        + REGENERATE);
    assertThatThrownBy(() -> BaselineFile.read(array))
        .hasMessageContaining("cannot be used: it does not hold a JSON object");
  }

  @Test
  void aMalformedEntryIsAnErrorNamingTheEntryAndWhatIsWrong() throws Exception {
    Path noEntries = Files.writeString(temp.resolve("no-entries.json"), "{\"formatVersion\": 1}");
    Path lacking = Files.writeString(temp.resolve("lacking.json"), """
        {"formatVersion": 1, "entries": [
          {"rule": "RetryOutsideJobs", "className": "com.acme.A", "member": "", "message": "m",
           "fingerprint": "0123456789abcdef", "count": 1},
          {"rule": "RetryOutsideJobs", "message": "m", "count": 1}
        ]}""");
    Path zero = Files.writeString(temp.resolve("zero.json"), """
        {"formatVersion": 1, "entries": [{"rule": "RetryOutsideJobs", "className": "com.acme.A",
          "member": "", "message": "m", "fingerprint": "0123456789abcdef", "count": 0}]}""");
    Path unknown = Files.writeString(temp.resolve("unknown.json"), """
        {"formatVersion": 1, "entries": [{"rule": "RetryOutsideJobs", "line": 12}]}""");

    assertThatThrownBy(() -> BaselineFile.read(noEntries))
        .hasMessageContaining("cannot be used: it has no entries array. Regenerate");
    assertThatThrownBy(() -> BaselineFile.read(lacking)).hasMessageContaining(
        "cannot be used: entry 2 lacks className, member (\"\" for the class itself),"
            + " fingerprint. Regenerate");
    assertThatThrownBy(() -> BaselineFile.read(zero)).hasMessageContaining(
        "cannot be used: entry 1 has count 0; a count is at least 1 (remove the entry instead)."
            + " Regenerate");
    assertThatThrownBy(() -> BaselineFile.read(unknown))
        .hasMessageContaining("cannot be used: entry 1 is malformed (")
        .hasMessageContaining("\"line\"");
  }

  private static Finding finding(String simpleName, String member, int line, String message) {
    return new Finding("RetryOutsideJobs", "com.acme." + simpleName, member,
        "com/acme/" + simpleName + ".java", line, member.isEmpty() ? Site.SUPERTYPE : Site.CALL,
        RETRY, message, "retries on its own");
  }
}
