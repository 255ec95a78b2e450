package dev.retryowner.archrules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.lang.ArchRule;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.GateConfigException;
import dev.retryowner.catalog.Site;
import dev.retryowner.fixtures.Fixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The opt-in rules SchedulingOutsideJobs and ThreadOutsideInfra on the compiled fixtures. */
class OptInRulesTest {
  private static List<Finding> threadFindingsIn(String sourcePath) {
    return ArchFindings.findings(RetryOwnerRules.threadOutsideInfra(Fixtures.gateConfig()),
        FixtureClasses.all()).stream().filter(f -> f.sourcePath().equals(sourcePath)).toList();
  }

  @Test
  void allRunsOptInRulesOnlyWhenEnabled() {
    GateConfig off = GateConfig.builder().jobsPackages(Fixtures.jobsPackages()).build();

    assertThat(RetryOwnerRules.all(off)).extracting(ArchRule::getDescription)
        .noneMatch(d -> d.startsWith("SchedulingOutsideJobs") || d.startsWith("ThreadOutsideInfra"));
    assertThat(RetryOwnerRules.all(Fixtures.gateConfig())).extracting(ArchRule::getDescription)
        .anyMatch(d -> d.startsWith("SchedulingOutsideJobs:"))
        .anyMatch(d -> d.startsWith("ThreadOutsideInfra:"));
  }

  @Test
  void constructingASubclassOfThreadIsAFindingDeclaringItIsNot() {
    assertThat(threadFindingsIn("fixtures/threadoutsideinfra/app/MailSenderThread.java")).isEmpty();
    assertThat(threadFindingsIn("fixtures/threadoutsideinfra/app/MailSenderLauncher.java"))
        .anySatisfy(f -> {
          assertThat(f.site()).isEqualTo(Site.CONSTRUCTOR_CALL);
          assertThat(f.message()).isEqualTo("constructs"
              + " fixtures.threadoutsideinfra.app.MailSenderThread (catalog entry"
              + " java.lang.Thread)");
        });
  }

  @Test
  void threadHelpersAndTheInfraPackagesAreNoFinding() {
    assertThat(threadFindingsIn("fixtures/threadoutsideinfra/app/ThreadLookalikes.java")).isEmpty();
    assertThat(threadFindingsIn("fixtures/threadoutsideinfra/infra/WorkerPools.java")).isEmpty();
  }

  @Test
  void threadOutsideInfraNeedsInfraPackagesThatMatchAClass() {
    GateConfig none = GateConfig.builder().jobsPackages(Fixtures.jobsPackages()).build();
    assertThatThrownBy(() -> RetryOwnerRules.threadOutsideInfra(none))
        .isInstanceOf(GateConfigException.class)
        .hasMessageStartingWith("ThreadOutsideInfra needs infraPackages");

    GateConfig typo = GateConfig.builder().jobsPackages(Fixtures.jobsPackages())
        .infraPackages("fixtures.threadoutsideinfra.infrastructure").build();
    assertThatThrownBy(() -> ArchFindings.findings(RetryOwnerRules.threadOutsideInfra(typo),
        FixtureClasses.all()))
        .hasMessageContaining("ThreadOutsideInfra: infrastructure package pattern"
            + " 'fixtures.threadoutsideinfra.infrastructure' matches none of the")
        .hasMessageContaining("Fix infraPackages");
  }
}
