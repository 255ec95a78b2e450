package dev.retryowner.maven.cache;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.util.List;
import org.junit.jupiter.api.Test;

class MojoSettingsTest {
  static class Base {
    String ignoredAboveStop = "x";
  }

  static class Goal extends Base {
    List<String> jobsPackages = List.of("com.acme.jobs");
    boolean failOnViolation = true;
    File reportDirectory = new File("target/retry-owner");
    String unset;
    Object session = new Object();
    List<Object> machinery = List.of(new Object());
  }

  static class SubGoal extends Goal {
    List<String> testJobsPackages = List.of("com.acme.testjobs");
  }

  @Test
  void plainFieldsAreSettingsByClassAndName() {
    assertThat(MojoSettings.of(new SubGoal(), Base.class)).containsOnlyKeys(
        "SubGoal.testJobsPackages", "Goal.jobsPackages", "Goal.failOnViolation",
        "Goal.reportDirectory", "Goal.unset")
        .containsEntry("Goal.jobsPackages", "[com.acme.jobs]")
        .containsEntry("Goal.unset", "null");
  }

  @Test
  void aChangedFieldChangesTheSettings() {
    Goal goal = new Goal();
    var before = MojoSettings.of(goal, Object.class);
    goal.failOnViolation = false;

    assertThat(MojoSettings.of(goal, Object.class)).isNotEqualTo(before);
  }
}
