package dev.retryowner.errorprone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.errorprone.BugPattern;
import com.google.errorprone.CompilationTestHelper;
import com.google.errorprone.ErrorProneFlags;
import dev.retryowner.catalog.RuleRegistry;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * HttpClientRetries' flags: no jobs packages needed, declared JVM properties that make entries
 * moot, bad values; and the bug pattern's metadata.
 */
class HttpClientRetriesConfigurationTest {
  private static final String JDK_CLIENT = """
      package com.acme.app;
      class Api {
        Object client() {
          // BUG: Diagnostic contains: calls com.acme.http.Jdk#newClient(), which returns a client with its retries on. Why: re-sends after a connect failure
          return com.acme.http.Jdk.newClient();
        }
      }
      """;

  private CompilationTestHelper helper(String... flags) {
    String[] args = new String[flags.length + 1];
    args[0] = HttpClientRetriesTestCatalog.flag();
    System.arraycopy(flags, 0, args, 1, flags.length);
    return CompilationTestHelper.newInstance(HttpClientRetries.class, getClass()).setArgs(args);
  }

  @Test
  void runsWithoutJobsPackagesBecauseItAppliesEverywhere() {
    helper().addSourceLines("com/acme/app/Api.java", JDK_CLIENT).doTest();
  }

  @Test
  void aDeclaredJvmPropertySkipsTheEntriesItMakesMoot() {
    helper("-XepOpt:RetryOwner:JvmProperties=other.property=1, acme.http.noRetry=true")
        .addSourceLines("com/acme/app/Api.java", JDK_CLIENT.replaceAll("// BUG.*", ""))
        .doTest();
  }

  @Test
  void aPropertyWithAnotherValueDoesNot() {
    helper("-XepOpt:RetryOwner:JvmProperties=acme.http.noRetry=false")
        .addSourceLines("com/acme/app/Api.java", JDK_CLIENT).doTest();
  }

  @Test
  void aJvmPropertyWithoutValueFailsWithTheFix() {
    assertThatThrownBy(() -> helper("-XepOpt:RetryOwner:JvmProperties=acme.http.noRetry")
        .addSourceLines("com/acme/app/Api.java", JDK_CLIENT).doTest())
        .hasStackTraceContaining("Invalid retry-owner configuration in -XepOpt:RetryOwner:* flags:"
            + " jvmProperties: 'acme.http.noRetry' is not key=value");
  }

  @Test
  void aMissingCatalogFileIsNamed(@TempDir Path dir) {
    Path missing = dir.resolve("absent.catalog");
    assertThatThrownBy(() -> helper("-XepOpt:RetryOwner:CatalogFiles=" + missing)
        .addSourceLines("com/acme/app/Api.java", JDK_CLIENT).doTest())
        .hasStackTraceContaining(missing + ":0: file not found");
  }

  @Test
  void theOtherChecksReadTheJvmPropertiesFlagIntoTheGateConfig() {
    assertThat(RetryOwnerFlags.gateConfig(ErrorProneFlags.builder()
        .parseFlag("-XepOpt:RetryOwner:JobsPackages=com.acme.jobs")
        .parseFlag("-XepOpt:RetryOwner:JvmProperties=a.b=c,d=e").build(), "HttpClientRetries")
        .jvmProperties()).containsExactly("a.b=c", "d=e");
  }

  @Test
  void summaryLinkAndNameComeFromTheRegistry() {
    BugPattern pattern = HttpClientRetries.class.getAnnotation(BugPattern.class);
    assertThat(pattern.summary()).isEqualTo(RuleRegistry.HTTP_CLIENT_RETRIES.summary());
    assertThat(pattern.link()).isEqualTo(RuleRegistry.HTTP_CLIENT_RETRIES.docPath());
    assertThat(HttpClientRetries.class.getSimpleName())
        .isEqualTo(RuleRegistry.HTTP_CLIENT_RETRIES.name());
  }

  @Test
  void serviceLoaderConstructorDoesNotNeedFlags() {
    assertThat(new HttpClientRetries().canonicalName()).isEqualTo("HttpClientRetries");
  }
}
