package dev.retryowner.maven;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.IntStream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The plugin descriptor maven-plugin-plugin generated from the Mojos (as the help goal reads it):
 * each goal's editable parameters with their user property and default value; and the few DOM
 * helpers the tests that read POMs and descriptors share.
 */
final class PluginDescriptor {
  private static final Path DESCRIPTOR = Path.of("target/classes/META-INF/maven/plugin.xml");

  private PluginDescriptor() {}

  /**
   * One parameter of a goal.
   *
   * @param property its user property, "" for none
   * @param defaultValue its default, "" for none
   */
  record Parameter(String property, String defaultValue) {}

  /** Every goal's editable parameters, by name. */
  static Map<String, Map<String, Parameter>> goals() throws Exception {
    Element plugin = DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(DESCRIPTOR.toFile()).getDocumentElement();
    Map<String, Map<String, Parameter>> goals = new LinkedHashMap<>();
    for (Element mojo : children(plugin, "mojos", "mojo")) {
      Map<String, Parameter> parameters = new TreeMap<>();
      Element configuration = child(mojo, "configuration");
      for (Element parameter : children(mojo, "parameters", "parameter")) {
        if (text(parameter, "editable").equals("true")) {
          String name = text(parameter, "name");
          Element configured = configuration == null ? null : child(configuration, name);
          String expression = configured == null ? "" : configured.getTextContent().trim();
          parameters.put(name, new Parameter(expression.startsWith("${") && expression.endsWith("}")
              ? expression.substring(2, expression.length() - 1) : "",
              configured == null ? "" : configured.getAttribute("default-value")));
        }
      }
      goals.put(text(mojo, "goal"), parameters);
    }
    return goals;
  }

  private static List<Element> children(Element parent, String list, String item) {
    return children(child(parent, list)).stream().filter(e -> e.getTagName().equals(item))
        .toList();
  }

  /** The first child element named {@code name}; null when there is none, or no parent. */
  static Element child(Element parent, String name) {
    return children(parent).stream().filter(e -> e.getTagName().equals(name)).findFirst()
        .orElse(null);
  }

  /** The trimmed text of the child element named {@code name}; "" when there is none. */
  static String text(Element parent, String name) {
    Element child = child(parent, name);
    return child == null ? "" : child.getTextContent().trim();
  }

  /** The child elements, in order; none for no parent. */
  static List<Element> children(Element parent) {
    if (parent == null) {
      return List.of();
    }
    NodeList nodes = parent.getChildNodes();
    return IntStream.range(0, nodes.getLength()).mapToObj(nodes::item)
        .filter(node -> node.getNodeType() == Node.ELEMENT_NODE).map(Element.class::cast)
        .toList();
  }
}
