package dev.retryowner.maven;

import dev.retryowner.gate.GateException;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.PackagePattern;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class PluginGateConfigTest {
  private static final Consumer<GateConfig.Builder> NOTHING_ELSE = builder -> { };

  @Test
  void listEntriesAndCommaSeparatedPropertyValuesAreAccepted() throws GateException {
    assertThat(PluginGateConfig.from(List.of("com.acme.jobs", " com.acme.batch ,com.other.**.jobs"),
        NOTHING_ELSE)
        .jobsPackages()).extracting(PackagePattern::toString)
        .containsExactly("com.acme.jobs", "com.acme.batch", "com.other.**.jobs");
  }

  @Test
  void missingJobsPackagesSpellsTheConfiguration() {
    for (List<String> missing : Arrays.asList(null, List.<String>of(), List.of(" , "))) {
      assertThatThrownBy(() -> PluginGateConfig.from(missing, NOTHING_ELSE))
          .isInstanceOf(GateException.class)
          .hasMessageContaining("jobsPackages is not set")
          .hasMessageContaining("<jobsPackages>")
          .hasMessageContaining("<jobsPackage>com.acme.jobs</jobsPackage>")
          .hasMessageContaining("-Dretryowner.jobsPackages=com.acme.jobs");
    }
  }

  @Test
  void requestPathPackagesAreOptionalAndTakeCommaSeparatedValues() throws GateException {
    assertThat(PluginGateConfig.from(List.of("com.acme.jobs"), NOTHING_ELSE).requestPathPackages())
        .isEmpty();
    assertThat(PluginGateConfig.from(List.of("com.acme.jobs"), builder -> builder
        .requestPathPackages(PluginGateConfig.values(List.of("com.acme.web, com.acme.**.api"))))
        .requestPathPackages())
        .extracting(PackagePattern::toString).containsExactly("com.acme.web", "com.acme.**.api");
  }

  @Test
  void anInvalidRequestPathPatternNamesItsOwnSetting() {
    assertThatThrownBy(() -> PluginGateConfig.from(List.of("com.acme.jobs"),
        builder -> builder.requestPathPackages("com.acme.web-api")))
        .isInstanceOf(GateException.class)
        .hasMessageContaining("'com.acme.web-api' is not a package pattern")
        .hasMessageContaining("Fix <requestPathPackage> (or"
            + " -Dretryowner.requestPathPackages)");
  }

  @Test
  void anInvalidPatternSaysWhatIsWrongAndWhereToFixIt() {
    assertThatThrownBy(() -> PluginGateConfig.from(List.of("com.acme.jobs", "com.9acme"), NOTHING_ELSE))
        .isInstanceOf(GateException.class)
        .hasMessageContaining("'com.9acme' is not a package pattern")
        .hasMessageContaining("Fix <jobsPackage> (or -Dretryowner.jobsPackages)");
  }

  @Test
  void theOtherSettingsReachTheConfigurationAndTheirErrorsNameTheParameter() throws Exception {
    GateConfig config = PluginGateConfig.from(List.of("com.acme.jobs"), builder -> builder
        .jobsApiPackages(PluginGateConfig.values(List.of("com.acme.jobs.api, com.acme.jobs.spi")))
        .jobsApiAnnotation("com.acme.jobs.JobsApi"));

    assertThat(config.jobsApiPackages()).extracting(PackagePattern::toString)
        .containsExactly("com.acme.jobs.api", "com.acme.jobs.spi");
    assertThat(config.jobsApiAnnotation()).contains("com.acme.jobs.JobsApi");
    assertThatThrownBy(() -> PluginGateConfig.from(List.of("com.acme.jobs"),
        builder -> builder.jobsApiPackages("com..api")))
        .isInstanceOf(GateException.class)
        .hasMessageStartingWith("retry-owner: invalid jobsApiPackages: 'com..api'")
        .hasMessageEndingWith("Fix <jobsApiPackage> (or -Dretryowner.jobsApiPackages).");
    assertThatThrownBy(() -> PluginGateConfig.from(List.of("com.acme.jobs"),
        builder -> builder.queueEnginePackages("org.quartz")))
        .isInstanceOf(GateException.class)
        .hasMessageStartingWith("retry-owner: queueEnginePackages [org.quartz] is set without"
            + " queueAdapterPackages");
  }

  @Test
  void jvmPropertiesReachTheConfigurationAndAValueWithoutEqualsSignIsNamedWithItsFix()
      throws GateException {
    assertThat(PluginGateConfig.from(List.of("com.acme.jobs"), builder -> builder.jvmProperties(
        PluginGateConfig.values(List.of("jdk.httpclient.disableRetryConnect=true"))))
        .jvmProperties()).containsExactly("jdk.httpclient.disableRetryConnect=true");
    assertThatThrownBy(() -> PluginGateConfig.from(List.of("com.acme.jobs"),
        builder -> builder.jvmProperties("jdk.httpclient.disableRetryConnect")))
        .isInstanceOf(GateException.class)
        .hasMessageStartingWith("retry-owner: invalid jvmProperties:"
            + " 'jdk.httpclient.disableRetryConnect' is not key=value")
        .hasMessageEndingWith("Fix <jvmProperty> (or -Dretryowner.jvmProperties).");
  }

  @Test
  void valuesSplitsEachEntryAndTreatsAMissingParameterAsEmpty() {
    assertThat(PluginGateConfig.values(List.of("a, b", "c"))).containsExactly("a", "b", "c");
    assertThat(PluginGateConfig.values(null)).isEmpty();
  }
}
