package dev.retryowner.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CatalogTest {
  @TempDir Path dir;

  private static Catalog parse(String name, String text) throws IOException {
    return Catalog.parse(name, new StringReader(text));
  }

  @Test
  void loadsATeamFileNamingItInOrigins() throws IOException {
    Path file = dir.resolve("team.catalog");
    Files.writeString(file, "@rule RetryOutsideJobs\ntype com.acme.http.RetryingClient @ retries 5 times\n");

    Catalog catalog = Catalog.load(file);

    assertThat(catalog.entries()).singleElement()
        .satisfies(e -> assertThat(e.origin()).isEqualTo(file + ":2"));
  }

  @Test
  void loadingAMissingFileSaysFileNotFound() {
    Path missing = dir.resolve("absent.catalog");

    assertThatThrownBy(() -> Catalog.load(missing))
        .isInstanceOfSatisfying(CatalogFormatException.class, e -> {
          assertThat(e.file()).isEqualTo(missing.toString());
          assertThat(e.line()).isZero();
        })
        .hasMessage(missing + ":0: file not found");
  }

  @Test
  void loadingAMalformedFileNamesFileAndLine() throws IOException {
    Path file = dir.resolve("broken.catalog");
    Files.writeString(file, "@rule RetryOutsideJobs\n\ntype com.acme.Retrying\n");

    assertThatThrownBy(() -> Catalog.load(file))
        .isInstanceOf(CatalogFormatException.class)
        .hasMessage(file + ":3: missing reason: end the entry with ' @ <why it is listed>'");
  }

  @Test
  void plusAppendsTheOtherCatalogAndLeavesBothUnchanged() throws IOException {
    Catalog first = parse("a", "@rule RetryOutsideJobs\ntype com.acme.A @ a\n");
    Catalog second = parse("b", "@rule RetryOutsideJobs\ntype com.acme.B @ b\ntype com.acme.C @ c\n");

    Catalog both = first.plus(second);

    assertThat(both.entries()).extracting(CatalogEntry::typeName)
        .containsExactly("com.acme.A", "com.acme.B", "com.acme.C");
    assertThat(first.entries()).hasSize(1);
    assertThat(second.entries()).hasSize(2);
  }

  @Test
  void plusKeepsTheFirstEntryForATargetListedTwice() throws IOException {
    Catalog bundledLike = parse("bundled", "@rule RetryOutsideJobs\ntype com.acme.A @ bundled reason\n");
    Catalog team = parse("team", "@rule RetryOutsideJobs\ntype com.acme.A @ team reason\n");

    Catalog merged = bundledLike.plus(team);

    assertThat(merged.forbiddenUse("RetryOutsideJobs").type("com.acme.A"))
        .hasValueSatisfying(e -> assertThat(e.reason()).isEqualTo("bundled reason"));
  }

  @Test
  void entriesAreImmutable() throws IOException {
    Catalog catalog = parse("a", "@rule RetryOutsideJobs\ntype com.acme.A @ a\n");

    assertThatThrownBy(() -> catalog.entries().clear())
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void entriesForSelectsByRule() throws IOException {
    Catalog catalog = parse("a", "@rule RetryOutsideJobs\ntype com.acme.A @ a\n");

    assertThat(catalog.entriesFor("RetryOutsideJobs")).hasSize(1);
    assertThat(catalog.entriesFor("SomeOtherRule")).isEmpty();
  }

  @Test
  void theBundledCatalogIsReadOnceAndFeedsEveryForbiddenUseRule() {
    Catalog bundled = Catalog.bundled();

    assertThat(Catalog.bundled()).isSameAs(bundled);
    assertThat(bundled.entriesFor("RetryOutsideJobs")).isNotEmpty().allSatisfy(e -> assertThat(
        e.origin()).startsWith("dev/retryowner/catalog/retry-helpers.catalog:"));
    assertThat(bundled.entriesFor("SleepInRequestPath")).isNotEmpty();
    assertThat(bundled.entriesFor("HandRolledRetry")).isNotEmpty();
    assertThat(bundled.entries()).allSatisfy(e -> assertThat(e.rule())
        .isIn("RetryOutsideJobs", "SleepInRequestPath", "HandRolledRetry",
            "SchedulingOutsideJobs", "ThreadOutsideInfra", "MeiliClientRetries",
            "HttpClientRetries", "RetryAmplification"));
    assertThat(bundled.entriesFor("HttpClientRetries")).isNotEmpty().allSatisfy(e -> assertThat(
        e.origin()).startsWith("dev/retryowner/catalog/http-clients.catalog:"));
    assertThat(bundled.entriesFor("SchedulingOutsideJobs")).isNotEmpty();
    assertThat(bundled.entriesFor("ThreadOutsideInfra")).isNotEmpty();
    assertThat(bundled.forbiddenUse("RetryOutsideJobs"))
        .isSameAs(bundled.forbiddenUse("RetryOutsideJobs"));
  }

  @Test
  void theBundledCatalogKnowsEachLibraryByFullName() {
    ForbiddenUseIndex index = Catalog.bundled().forbiddenUse("RetryOutsideJobs");

    assertThat(index.type("io.github.resilience4j.retry.Retry")).isPresent();
    assertThat(index.annotation("org.springframework.retry.annotation.Retryable")).isPresent();
    assertThat(index.annotation("org.springframework.resilience.annotation.Retryable")).isPresent();
    assertThat(index.type("org.springframework.core.retry.Retryable")).isPresent();
    assertThat(index.method("reactor.core.publisher.Flux", "retryWhen")).isPresent();
    assertThat(index.method("reactor.core.publisher.Flux", "repeat")).isEmpty();
    assertThat(index.type("org.springframework.retry.policy.NeverRetryPolicy")).isEmpty();
    assertThat(index.type("org.springframework.retry.backoff.NoBackOffPolicy")).isEmpty();
  }
}
