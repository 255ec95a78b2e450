package dev.retryowner.corpus;

import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.GateConfig;
import dev.retryowner.gate.GateException;
import dev.retryowner.gate.GateRequest;
import dev.retryowner.gate.GateRunner;
import java.nio.file.Path;
import java.util.List;

/**
 * The gate run {@code scan} makes on one artifact, in this JVM: its jar, its sources jar and a
 * class path, with no jobs package ({@code none}) or with the artifact's own job layer.
 */
public final class CorpusScan {
  private CorpusScan() {}

  /** The findings of the gate on {@code artifact} as the reports list them. */
  public static List<ReportedSite> run(CorpusArtifact artifact, Path localRepository,
      List<Path> classpath, boolean jobLayerConfigured) throws GateException {
    GateConfig config = GateConfig.builder().jobsPackages(jobsPackages(artifact,
        jobLayerConfigured)).build();
    GateRequest request = new GateRequest(config, artifact.jar(localRepository),
        List.of(artifact.sourcesJar(localRepository)), classpath);
    return new GateRunner().run(request).findings().stream().map(CorpusScan::site).toList();
  }

  /** The {@code jobsPackages} value of a scan: the job layer, or {@code none}. */
  public static List<String> jobsPackages(CorpusArtifact artifact, boolean jobLayerConfigured) {
    return jobLayerConfigured && !artifact.jobLayer().isEmpty() ? artifact.jobLayer()
        : List.of(GateConfig.NO_JOBS_PACKAGES);
  }

  private static ReportedSite site(Finding finding) {
    return new ReportedSite(finding.rule(), finding.sourcePath(), finding.line(),
        finding.message());
  }
}
