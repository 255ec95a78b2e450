package dev.retryowner.gate;

import dev.retryowner.catalog.GateConfig;
import dev.retryowner.catalog.GateConfigException;
import dev.retryowner.source.SourceSettings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The values a front end read for the {@link GateOption}s, and what they make: the gate's
 * configuration, its class selection and its source settings, the same for every front end.
 */
public final class GateSettings {
  private final Function<GateOption, List<String>> values;

  private GateSettings(Function<GateOption, List<String>> values) {
    this.values = values;
  }

  /**
   * The settings whose values {@code values} gives, each as written (a list setting's values
   * may be comma-separated; null or empty: unset).
   */
  public static GateSettings of(Function<GateOption, List<String>> values) {
    return new GateSettings(values);
  }

  /** A list setting's values, each comma-separated value split; empty when unset. */
  public List<String> list(GateOption option) {
    List<String> list = new ArrayList<>();
    List<String> written = values.apply(option);
    if (written != null) {
      written.forEach(value -> list.addAll(GateConfig.splitList(value)));
    }
    return list;
  }

  /** A text setting's value, or its default; empty when neither is set. */
  public Optional<String> text(GateOption option) {
    List<String> written = values.apply(option);
    return written == null || written.isEmpty() || written.get(0) == null
        || written.get(0).isBlank() ? option.defaultValue() : Optional.of(written.get(0).trim());
  }

  /** A flag's value, or its default. */
  public boolean flag(GateOption option) {
    return text(option).map(Boolean::parseBoolean).orElse(false);
  }

  /**
   * Puts every setting of the configuration but the jobs packages (whose absence each front end
   * explains in its own words) on {@code builder}; the catalog files as the front end resolved
   * them.
   */
  public GateConfig.Builder configure(GateConfig.Builder builder, List<Path> catalogFiles) {
    return builder.requestPathPackages(list(GateOption.REQUEST_PATH_PACKAGES))
        .jobsApiPackages(list(GateOption.JOBS_API_PACKAGES))
        .jobsApiAnnotation(text(GateOption.JOBS_API_ANNOTATION).orElse(null))
        .queueEnginePackages(list(GateOption.QUEUE_ENGINE_PACKAGES))
        .queueAdapterPackages(list(GateOption.QUEUE_ADAPTER_PACKAGES))
        .infraPackages(list(GateOption.INFRA_PACKAGES))
        .enabledRules(list(GateOption.ENABLE_RULES))
        .searchAdapterPackages(list(GateOption.SEARCH_ADAPTER_PACKAGES))
        .jvmProperties(list(GateOption.JVM_PROPERTIES))
        .maxAmplification(maxAmplification())
        .catalogFiles(catalogFiles);
  }

  /** {@code maxAmplification} as a number; text that is none is named with the fix. */
  private int maxAmplification() {
    String written = text(GateOption.MAX_AMPLIFICATION).orElseThrow();
    try {
      return Integer.parseInt(written);
    } catch (NumberFormatException e) {
      throw new GateConfigException("maxAmplification: '" + written + "' is not a whole number;"
          + " write the requests one failure may become on a call path, e.g. 1 (the default)");
    }
  }

  /** The classes to check, by {@code includes} and {@code excludes}; a bad pattern is named. */
  public ClassSelection selection() throws GateException {
    return ClassSelection.of(list(GateOption.INCLUDES), list(GateOption.EXCLUDES));
  }

  /**
   * How the sources are read and parsed; a bad release or encoding is an error that says what a
   * good value is and, in the front end's words, where to set it.
   */
  public SourceSettings sourceSettings(FrontEnd frontEnd) throws GateException {
    try {
      return SourceSettings.of(text(GateOption.SOURCE_ENCODING).orElse(null),
          text(GateOption.JAVA_RELEASE).orElse(null))
          .withEncodingSetting(frontEnd.whereSet(GateOption.SOURCE_ENCODING));
    } catch (SourceSettings.InvalidSetting e) {
      Optional<GateOption> setting = GateOption.forSetting(e.setting() + ":");
      throw new GateException(e.getMessage() + setting
          .map(option -> " Set it with " + frontEnd.whereSet(option) + ".").orElse(""), e);
    }
  }
}
