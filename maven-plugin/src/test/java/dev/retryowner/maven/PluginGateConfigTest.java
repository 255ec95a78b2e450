package dev.retryowner.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.retryowner.catalog.PackagePattern;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class PluginGateConfigTest {
  @Test
  void listEntriesAndCommaSeparatedPropertyValuesAreAccepted() throws GateException {
    assertThat(PluginGateConfig.from(List.of("com.acme.jobs", " com.acme.batch ,com.other.**.jobs"))
        .jobsPackages()).extracting(PackagePattern::toString)
        .containsExactly("com.acme.jobs", "com.acme.batch", "com.other.**.jobs");
  }

  @Test
  void missingJobsPackagesSpellsTheConfiguration() {
    for (List<String> missing : Arrays.asList(null, List.<String>of(), List.of(" , "))) {
      assertThatThrownBy(() -> PluginGateConfig.from(missing))
          .isInstanceOf(GateException.class)
          .hasMessageContaining("jobsPackages is not set")
          .hasMessageContaining("<jobsPackages>")
          .hasMessageContaining("<jobsPackage>com.acme.jobs</jobsPackage>")
          .hasMessageContaining("-Dretryowner.jobsPackages=com.acme.jobs");
    }
  }

  @Test
  void anInvalidPatternSaysWhatIsWrongAndWhereToFixIt() {
    assertThatThrownBy(() -> PluginGateConfig.from(List.of("com.acme.jobs", "com.9acme")))
        .isInstanceOf(GateException.class)
        .hasMessageContaining("'com.9acme' is not a package pattern")
        .hasMessageContaining("Fix the <jobsPackage> value or -Dretryowner.jobsPackages");
  }
}
