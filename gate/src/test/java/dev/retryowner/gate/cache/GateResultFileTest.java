package dev.retryowner.gate.cache;

import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.catalog.Exemption;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.Site;
import dev.retryowner.gate.ExemptedFinding;
import dev.retryowner.gate.GateResult;
import dev.retryowner.gate.amplification.AmplificationMap;
import dev.retryowner.gate.amplification.AmplifiedPath;
import dev.retryowner.gate.amplification.Hop;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GateResultFileTest {
  private static final Finding FINDING = new Finding("RetryOutsideJobs", "com.acme.Billing",
      "charge()", "com/acme/Billing.java", 12, Site.CALL, "com.acme.Retry",
      "calls\tRetry.of\nwith a \\ backslash", "retries belong to the job layer\r");
  private static final Finding EXEMPTED = FINDING.atLine(20);
  private static final GateResult RESULT = new GateResult(List.of(FINDING), 7, 3,
      Duration.ofSeconds(4), List.of("a warning\twith a tab"), List.of(new ExemptedFinding(
          EXEMPTED, new Exemption("RetryOutsideJobs", "the legacy importer", "com.acme.Billing",
              ""))));

  @TempDir Path temp;

  @Test
  void aWrittenResultReadsBackFieldForFieldWithZeroTime() throws Exception {
    Path file = temp.resolve("cache/gate-cache.txt");
    GateResultFile.write(file, "key-1", RESULT);

    GateResult read = GateResultFile.read(file, "key-1").orElseThrow();

    assertThat(read.findings()).containsExactly(FINDING);
    assertThat(read.exempted()).isEqualTo(RESULT.exempted());
    assertThat(read.warnings()).isEqualTo(RESULT.warnings());
    assertThat(read.classCount()).isEqualTo(7);
    assertThat(read.sourceFileCount()).isEqualTo(3);
    assertThat(read.elapsed()).isZero();
  }

  @Test
  void aResultStoredUnderAnotherKeyReadsAsNone() throws Exception {
    Path file = temp.resolve("gate-cache.txt");
    GateResultFile.write(file, "key-1", RESULT);

    assertThat(GateResultFile.read(file, "key-2")).isEmpty();
  }

  @Test
  void aMissingOrDamagedFileReadsAsNone() throws Exception {
    Path file = temp.resolve("gate-cache.txt");
    assertThat(GateResultFile.read(file, "key-1")).isEmpty();

    GateResultFile.write(file, "key-1", RESULT);
    List<String> lines = Files.readAllLines(file);
    Files.write(file, lines.subList(0, lines.size() - 1).stream()
        .map(line -> line.startsWith("finding") ? line.substring(0, line.lastIndexOf('\t')) : line)
        .toList());

    assertThat(GateResultFile.read(file, "key-1")).isEmpty();
  }

  @Test
  void anAmplificationMapReadsBackPathForPathWithUnknownCounts() throws Exception {
    AmplifiedPath path = new AmplifiedPath("job handler", List.of(
        new Hop("com.acme.Job", "handle(java.lang.String)", "Job.handle", "com/acme/Job.java", 9,
            OptionalInt.of(10), "its kind allows 10\tattempts", true),
        new Hop("com.acme.Job", "handle(java.lang.String)", "Job.handle", "com/acme/Job.java", 11,
            OptionalInt.empty(), "a retry whose bound the code does not show", false)), 2);
    AmplificationMap map = new AmplificationMap(List.of(path), 5, 3);
    Path file = temp.resolve("gate-cache.txt");
    GateResultFile.write(file, "key-1", new GateResult(List.of(FINDING), 7, 3, Duration.ZERO,
        List.of(), List.of(), map));

    GateResult read = GateResultFile.read(file, "key-1").orElseThrow();

    assertThat(read.amplification()).isEqualTo(map);
    assertThat(GateResultFile.read(writeWithoutMap(), "key-1").orElseThrow().amplification())
        .isSameAs(AmplificationMap.NONE);
  }

  private Path writeWithoutMap() throws Exception {
    Path file = temp.resolve("gate-cache-plain.txt");
    GateResultFile.write(file, "key-1", RESULT);
    return file;
  }
}
