package dev.retryowner.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

class RuleDescriptorTest {
  @Test
  void aTeamRuleIsAnArchUnitRuleDocumentedWhereTheTeamSays() {
    RuleDescriptor rule = RuleDescriptor.teamRule("NoSystemExit", "no classes should call exit",
        "Throw an exception instead.", "https://wiki.acme.test/NoSystemExit");

    assertThat(rule.documentation()).contains("https://wiki.acme.test/NoSystemExit");
    assertThat(rule.engines()).isEqualTo(Set.of(Engine.ARCHUNIT));
    assertThat(rule.optIn()).isFalse();
    assertThat(rule.forbiddenUseScope()).isEmpty();
  }

  @Test
  void builtInRulesAreDocumentedInThisProject() {
    assertThat(RuleRegistry.all())
        .allSatisfy(rule -> assertThat(rule.documentation()).isEmpty());
    assertThat(RuleRegistry.THREAD_OUTSIDE_INFRA.optIn()).isTrue();
    assertThat(RuleRegistry.RETRY_OUTSIDE_JOBS.docPath())
        .isEqualTo("docs/rules/RetryOutsideJobs.md");
  }
}
