package dev.retryowner.gate.custom;

import static dev.retryowner.gate.custom.TestRuleProviders.loader;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.Site;
import dev.retryowner.gate.FrontEnd;
import dev.retryowner.gate.GateException;
import java.util.List;
import org.junit.jupiter.api.Test;

class InstalledRulesTest {
  private static final GateConfig CONFIG =
      GateConfig.builder().jobsPackages(List.of("com.acme.jobs")).build();
  private static final JavaClasses CLASSES = new ClassFileImporter().importClasses(Sleeper.class);

  static class Sleeper {
    void pause() throws InterruptedException {
      Thread.sleep(10);
    }
  }

  @Test
  void theRulesOfEveryProviderTheLoaderOffersRunAndSayWhereTheyComeFrom() throws Exception {
    InstalledRules rules = InstalledRules.load(loader("sleep"), CONFIG, List.of());

    assertThat(rules.rules()).singleElement().satisfies(installed -> {
      assertThat(installed.rule().name()).isEqualTo("NoThreadSleep");
      assertThat(installed.provider()).isEqualTo(TestRuleProviders.SleepRules.class.getName());
      assertThat(installed.origin()).contains("test-classes");
    });
    assertThat(rules.describe()).singleElement().asString()
        .startsWith("retry-owner: custom rule NoThreadSleep (" + TestRuleProviders.class.getName()
            + "$SleepRules from file:")
        .contains("test-classes");
    assertThat(rules.descriptors()).singleElement().satisfies(descriptor -> {
      assertThat(descriptor.summary()).isEqualTo("no classes should call method Thread.sleep(long)");
      assertThat(descriptor.documentation()).contains(TestRuleProviders.SLEEP_DOCS);
    });
  }

  @Test
  void withoutProvidersThereAreNoCustomRules() throws Exception {
    InstalledRules rules = InstalledRules.load(loader(), CONFIG, List.of());

    assertThat(rules.rules()).isEmpty();
    assertThat(rules.describe()).isEmpty();
    assertThat(rules.findings(CLASSES)).isEmpty();
  }

  @Test
  void aRuleFindsItsViolationsAsFindingsOfItsName() throws Exception {
    List<Finding> findings =
        InstalledRules.load(loader("sleep"), CONFIG, List.of()).findings(CLASSES);

    assertThat(findings).singleElement().satisfies(f -> {
      assertThat(f.rule()).isEqualTo("NoThreadSleep");
      assertThat(f.className()).isEqualTo(Sleeper.class.getName());
      assertThat(f.member()).isEqualTo("pause()");
      assertThat(f.line()).isPositive();
      assertThat(f.site()).isEqualTo(Site.CALL);
    });
  }

  @Test
  void aDisabledRuleDoesNotRunAndTheLogSaysSo() throws Exception {
    InstalledRules rules = InstalledRules.load(loader("sleep"), CONFIG, List.of("NoThreadSleep"));

    assertThat(rules.rules()).isEmpty();
    assertThat(rules.findings(CLASSES)).isEmpty();
    assertThat(rules.describe())
        .containsExactly("retry-owner: custom rules off (disableRules): NoThreadSleep");
  }

  @Test
  void disablingARuleThatIsNotInstalledIsAnErrorListingTheInstalledOnes() {
    assertThatThrownBy(() -> InstalledRules.load(loader("sleep"), CONFIG, List.of("NoSleep")))
        .isInstanceOf(GateException.class)
        .hasMessageContaining("disableRules names 'NoSleep', which is not a custom rule;"
            + " installed custom rules: NoThreadSleep")
        .hasMessageContaining("Fix the disableRules setting.")
        .satisfies(e -> assertThat(((GateException) e).messageIn(FrontEnd.MAVEN))
            .contains("Fix <disableRule> (or -Dretryowner.disableRules)."));
    assertThatThrownBy(() -> InstalledRules.load(loader(), CONFIG, List.of("RetryOutsideJobs")))
        .isInstanceOf(GateException.class)
        .hasMessageContaining("installed custom rules: none")
        .hasMessageContaining("Built-in rules are not disabled this way");
  }

  @Test
  void aRuleNamedLikeABuiltInOneIsAnErrorNamingItsProvider() {
    assertThatThrownBy(() -> InstalledRules.load(loader("built-in-name"), CONFIG, List.of()))
        .isInstanceOf(GateException.class)
        .hasMessageContaining("the custom rule RetryOutsideJobs ("
            + TestRuleProviders.BuiltInNameRules.class.getName() + " from file:")
        .hasMessageContaining("has the name of a built-in retry-owner rule");
  }

  @Test
  void twoRulesOfOneNameAreAnErrorNamingBothProviders() {
    assertThatThrownBy(
        () -> InstalledRules.load(loader("sleep", "other-sleep"), CONFIG, List.of()))
        .isInstanceOf(GateException.class)
        .hasMessageContaining("two custom rules are named NoThreadSleep: one of "
            + TestRuleProviders.SleepRules.class.getName() + " from ")
        .hasMessageContaining(", one of " + TestRuleProviders.OtherSleepRules.class.getName()
            + " from ")
        .hasMessageContaining("rename one");
  }

  @Test
  void aProviderThatFailsIsAnErrorNamingIt() {
    assertThatThrownBy(() -> InstalledRules.load(loader("broken"), CONFIG, List.of()))
        .isInstanceOf(GateException.class)
        .hasMessageContaining("the custom rule provider "
            + TestRuleProviders.BrokenProvider.class.getName() + " from file:")
        .hasMessageContaining("failed to build its rules: java.lang.IllegalStateException:"
            + " no rules today");
  }

  @Test
  void aProviderReturningNullIsAnErrorSayingWhatToReturn() {
    assertThatThrownBy(() -> InstalledRules.load(loader("null-rules"), CONFIG, List.of()))
        .isInstanceOf(GateException.class)
        .hasMessageContaining(TestRuleProviders.NullProvider.class.getName() + " from file:")
        .hasMessageContaining("returned null; rules(config) must return a list of rules");
  }

  @Test
  void aServicesEntryNamingNoClassIsAnErrorSayingWhatTheFileMustHold() {
    assertThatThrownBy(() -> InstalledRules.load(loader("missing-class"), CONFIG, List.of()))
        .isInstanceOf(GateException.class)
        .hasMessageContaining("cannot load a custom rule provider")
        .hasMessageContaining("com.acme.rules.GoneProvider")
        .hasMessageContaining("META-INF/services/"
            + "dev.retryowner.archrules.spi.RetryOwnerRuleProvider");
  }

  @Test
  void aRuleThatThrowsIsAnErrorNamingTheRuleAndItsProvider() throws Exception {
    InstalledRules rules = InstalledRules.load(loader("throwing-rule"), CONFIG, List.of());

    assertThatThrownBy(() -> rules.findings(CLASSES))
        .isInstanceOf(GateException.class)
        .hasMessageContaining("the custom rule Unlucky ("
            + TestRuleProviders.ThrowingRuleProvider.class.getName() + " from file:")
        .hasMessageContaining("failed: java.lang.IllegalStateException: cannot check")
        .satisfies(e -> assertThat(((GateException) e).messageIn(FrontEnd.COMMAND_LINE))
            .contains("turn it off: name Unlucky in --disable-rules."));
  }

  @Test
  void aRuleThatChecksNoClassIsAnErrorWithArchUnitsAdvice() throws Exception {
    InstalledRules rules = InstalledRules.load(loader("empty-that"), CONFIG, List.of());

    assertThatThrownBy(() -> rules.findings(CLASSES))
        .isInstanceOf(GateException.class)
        .hasMessageContaining("the custom rule NothingChecked (")
        .hasMessageContaining("failed to check any classes")
        .hasMessageContaining("allowEmptyShould(true)");
  }
}
