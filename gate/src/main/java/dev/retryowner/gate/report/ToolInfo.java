package dev.retryowner.gate.report;

import dev.retryowner.catalog.RuleDescriptor;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Optional;
import java.util.Properties;

/**
 * What the reports say about the tool itself: its version and where its documentation lives.
 *
 * @param version the plugin's version
 * @param homepage the project's home page, an absolute URL, or empty when the build names none
 * @param docsBase the absolute URL each rule's {@link RuleDescriptor#docPath()} is appended to,
 *     or empty: the project has no published site yet, so a build names one only when it sets
 *     {@code retryowner.homepage}, and the reports never invent a link
 * @param localPages where a run wrote the built-in rules' pages beside its reports (a path as the
 *     reader sees it, e.g. {@code target/retry-owner/rules}), or empty
 */
public record ToolInfo(String version, String homepage, String docsBase, String localPages) {
  /** The name every report gives the tool. */
  public static final String NAME = "retry-owner";

  private static final String RESOURCE = "tool.properties";

  /** Without pages written beside the reports. */
  public ToolInfo(String version, String homepage, String docsBase) {
    this(version, homepage, docsBase, "");
  }

  /** The same, with the built-in rules' pages written to {@code directory}. */
  public ToolInfo withLocalPages(String directory) {
    return new ToolInfo(version, homepage, docsBase, directory);
  }

  /** The values the build wrote into this plugin's {@code tool.properties}. */
  public static ToolInfo bundled() {
    Properties properties = new Properties();
    try (InputStream in = ToolInfo.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("the retry-owner plugin jar lacks " + RESOURCE
            + " next to " + ToolInfo.class.getName() + "; rebuild the plugin");
      }
      properties.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the retry-owner plugin's " + RESOURCE, e);
    }
    return new ToolInfo(properties.getProperty("version"), properties.getProperty("homepage"),
        properties.getProperty("docs"));
  }

  /**
   * {@code rule}'s documentation page: a team's own rule's as the team gives it; a built-in
   * rule's absolute when the build names a base, else the page the run wrote beside its
   * reports, else its path in this project's repository.
   */
  public String docsUrl(RuleDescriptor rule) {
    if (rule.documentation().isPresent()) {
      return rule.documentation().get();
    }
    if (docsBase.isEmpty() && !localPages.isEmpty()) {
      return localPages + "/" + rule.name() + ".md";
    }
    return docsBase + rule.docPath();
  }

  /**
   * The absolute URL of {@code rule}'s documentation page: a team's own rule's if the team gives
   * a URL; a built-in rule's if the build names a base.
   */
  public Optional<String> absoluteDocsUrl(RuleDescriptor rule) {
    if (rule.documentation().isPresent()) {
      return rule.documentation().filter(ToolInfo::isAbsoluteUri);
    }
    return docsBase.isEmpty() ? Optional.empty() : Optional.of(docsUrl(rule));
  }

  private static boolean isAbsoluteUri(String text) {
    try {
      return new URI(text).isAbsolute();
    } catch (URISyntaxException e) {
      return false;
    }
  }

  /** The home page, if the build names one. */
  public Optional<String> informationUri() {
    return homepage.isEmpty() ? Optional.empty() : Optional.of(homepage);
  }
}
