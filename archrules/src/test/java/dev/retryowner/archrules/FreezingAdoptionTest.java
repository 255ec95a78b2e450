package dev.retryowner.archrules;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.ArchConfiguration;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.freeze.FreezingArchRule;
import dev.retryowner.catalog.GateConfig;
import io.github.resilience4j.retry.Retry;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Adopting the rules on code that already has violations, the ArchUnit way the README documents:
 * {@link FreezingArchRule} records today's violations in a store on the first run and from then
 * on fails only on new ones.
 */
class FreezingAdoptionTest {
  private static final GateConfig CONFIG =
      GateConfig.builder().jobsPackages("dev.retryowner.archrules.jobs").build();

  static class LegacyQuotes {
    Object retry() {
      return Retry.ofDefaults("legacy");
    }
  }

  static class NewQuotes {
    Object retry() {
      return Retry.ofDefaults("new");
    }
  }

  @AfterEach
  void resetArchUnit() {
    ArchConfiguration.get().reset();
  }

  @Test
  void aFrozenRuleAcceptsTheRecordedViolationsAndFailsOnANewOne(@TempDir Path store) {
    ArchConfiguration.get().setProperty("freeze.store.default.path", store.toString());
    ArchConfiguration.get().setProperty("freeze.store.default.allowStoreCreation", "true");
    ArchRule frozen = FreezingArchRule.freeze(RetryOwnerRules.retryOutsideJobs(CONFIG));
    JavaClasses legacy = new ClassFileImporter().importClasses(LegacyQuotes.class);

    assertThatCode(() -> frozen.check(legacy)).doesNotThrowAnyException();
    assertThatCode(() -> frozen.check(legacy)).doesNotThrowAnyException();
    JavaClasses withNew =
        new ClassFileImporter().importClasses(LegacyQuotes.class, NewQuotes.class);
    assertThatThrownBy(() -> frozen.check(withNew)).isInstanceOf(AssertionError.class)
        .hasMessageContaining("NewQuotes").hasMessageNotContaining("LegacyQuotes.retry");
  }
}
