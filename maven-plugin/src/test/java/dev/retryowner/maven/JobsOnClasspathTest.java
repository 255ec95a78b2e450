package dev.retryowner.maven;

import dev.retryowner.gate.Archives;
import dev.retryowner.gate.GateException;
import dev.retryowner.gate.JobsOnClasspath;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.retryowner.catalog.PackagePattern;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobsOnClasspathTest {
  private static final String JOBS = "fixtures.jobsinternalsoutsidejobs.jobs";
  private static final String[] JOBS_CLASS_FILES = {
      "fixtures/jobsinternalsoutsidejobs/jobs/JobSchedule.class",
      "fixtures/jobsinternalsoutsidejobs/jobs/JobSchedule$Builder.class",
      "fixtures/jobsinternalsoutsidejobs/jobs/api/Jobs.class"};
  private static final String APP_CLASS_FILE =
      "fixtures/jobsinternalsoutsidejobs/app/EnqueuesThroughTheApi.class";

  @TempDir Path temp;
  private final CapturingLog log = new CapturingLog();

  @Test
  void findsTheJarAndTheDirectoryHoldingJobsClasses() throws Exception {
    Path jobsDirectory = Archives.fixtureClasses(temp.resolve("jobs"), JOBS_CLASS_FILES);
    Path jobsJar = Archives.jar(jobsDirectory, temp.resolve("jobs.jar"));
    Path app = Archives.fixtureClasses(temp.resolve("app"), APP_CLASS_FILE);

    assertThat(JobsOnClasspath.elements(List.of(PackagePattern.parse(JOBS)),
        List.of(app, jobsJar, jobsDirectory, temp.resolve("missing.jar")), List.of()))
        .containsExactly(jobsJar, jobsDirectory);
  }

  @Test
  void findsNothingWhenTheModuleHoldsTheJobsPackagesOrNothingDoes() throws Exception {
    Path jobsDirectory = Archives.fixtureClasses(temp.resolve("jobs"), JOBS_CLASS_FILES);
    Path jobsJar = Archives.jar(jobsDirectory, temp.resolve("jobs.jar"));
    Path app = Archives.fixtureClasses(temp.resolve("app"), APP_CLASS_FILE);

    assertThat(JobsOnClasspath.elements(List.of(PackagePattern.parse("fixtures.nowhere")),
        List.of(app, jobsJar), List.of(app))).isEmpty();
    assertThat(JobsOnClasspath.elements(List.of(PackagePattern.parse(JOBS)),
        List.of(app, jobsJar), List.of(app, jobsDirectory))).isEmpty();
  }

  @Test
  void aBrokenJarIsAGateErrorNamingIt() throws Exception {
    Path broken = Files.writeString(temp.resolve("broken.jar"), "not a zip");

    assertThatThrownBy(() -> JobsOnClasspath.elements(List.of(PackagePattern.parse(JOBS)),
        List.of(broken), List.of())).isInstanceOf(GateException.class)
        .hasMessageContaining("cannot read the classpath").hasMessageContaining("broken.jar");
  }

  @Test
  void anUnreadableLocationOfTheModuleIsLeftToTheGoalToReport() throws Exception {
    Path jobsJar = Archives.jar(Archives.fixtureClasses(temp.resolve("jobs"), JOBS_CLASS_FILES),
        temp.resolve("jobs.jar"));
    Path broken = Files.writeString(temp.resolve("app.jar"), "not a zip");

    assertThat(JobsOnClasspath.elements(List.of(PackagePattern.parse(JOBS)), List.of(jobsJar),
        List.of(broken))).containsExactly(jobsJar);
  }

  @Test
  void checkPassesWhenTheJobLayerIsADependencyJar() throws Exception {
    Path jobsJar = Archives.jar(Archives.fixtureClasses(temp.resolve("jobs"), JOBS_CLASS_FILES),
        temp.resolve("jobs.jar"));
    CheckMojo mojo = mojoOnApp(List.of(jobsJar.toString()));

    mojo.execute();

    assertThat(log.errors).isEmpty();
    assertThat(log.infos).anyMatch(l -> l.startsWith("retry-owner: 0 violation(s) in 1 checked class(es)"));
  }

  @Test
  void withoutTheJobLayerOnTheClasspathTheJobsPackageMatchesNoClass() throws Exception {
    CheckMojo mojo = mojoOnApp(List.of());

    assertThatThrownBy(mojo::execute).isInstanceOf(MojoExecutionException.class)
        .hasMessageContaining("'" + JOBS + "' matches no class");
  }

  private CheckMojo mojoOnApp(List<String> classpath) throws Exception {
    CheckMojo mojo = FixtureMojos.onFixtures(new CheckMojo(), log, temp.resolve("retry-owner"));
    mojo.jobsPackages = List.of(JOBS);
    mojo.classesDirectory = Archives.fixtureClasses(temp.resolve("app"), APP_CLASS_FILE).toFile();
    mojo.sourceDirectories = List.of();
    mojo.classpathElements = classpath;
    return mojo;
  }
}
