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
    assertThat(PluginGateConfig.from(List.of("com.acme.jobs", " com.acme.batch ,com.other.**.jobs"),
        null).jobsPackages()).extracting(PackagePattern::toString)
        .containsExactly("com.acme.jobs", "com.acme.batch", "com.other.**.jobs");
  }

  @Test
  void missingJobsPackagesSpellsTheConfiguration() {
    for (List<String> missing : Arrays.asList(null, List.<String>of(), List.of(" , "))) {
      assertThatThrownBy(() -> PluginGateConfig.from(missing, List.of("com.acme.web")))
          .isInstanceOf(GateException.class)
          .hasMessageContaining("jobsPackages is not set")
          .hasMessageContaining("<jobsPackages>")
          .hasMessageContaining("<jobsPackage>com.acme.jobs</jobsPackage>")
          .hasMessageContaining("-Dretryowner.jobsPackages=com.acme.jobs");
    }
  }

  @Test
  void requestPathPackagesAreOptionalAndTakeCommaSeparatedValues() throws GateException {
    assertThat(PluginGateConfig.from(List.of("com.acme.jobs"), null).requestPathPackages())
        .isEmpty();
    assertThat(PluginGateConfig.from(List.of("com.acme.jobs"),
        List.of("com.acme.web, com.acme.**.api")).requestPathPackages())
        .extracting(PackagePattern::toString).containsExactly("com.acme.web", "com.acme.**.api");
  }

  @Test
  void anInvalidRequestPathPatternNamesItsOwnSetting() {
    assertThatThrownBy(() -> PluginGateConfig.from(List.of("com.acme.jobs"),
        List.of("com.acme.web-api")))
        .isInstanceOf(GateException.class)
        .hasMessageContaining("'com.acme.web-api' is not a package pattern")
        .hasMessageContaining("Fix the <requestPathPackage> value or"
            + " -Dretryowner.requestPathPackages");
  }

  @Test
  void anInvalidPatternSaysWhatIsWrongAndWhereToFixIt() {
    assertThatThrownBy(() -> PluginGateConfig.from(List.of("com.acme.jobs", "com.9acme"), List.of()))
        .isInstanceOf(GateException.class)
        .hasMessageContaining("'com.9acme' is not a package pattern")
        .hasMessageContaining("Fix the <jobsPackage> value or -Dretryowner.jobsPackages");
  }
}
