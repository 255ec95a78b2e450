package dev.retryowner.gate.cache;

import dev.retryowner.gate.GateRequest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The SHA-256 of everything a gate result depends on, so that a changed input never reuses an old
 * result: the plugin's version; the goal's settings; the content of every file under the classes,
 * source, context and classpath directories (by its content hash, which {@link FileHashes} may
 * recall from the last run instead of reading the file) and of every other named file (team
 * catalogs); the size and modification time of every jar on the class path and of the plugin's
 * own code (its jars carry the bundled catalog and the rules, so a rebuilt plugin or a changed
 * custom rule jar is a new key). A file's relative path counts too, so an added, removed or
 * renamed file changes the key. A directory named twice (the classes directory is also the class
 * path's first element) is read once.
 */
public final class GateCacheKey {
  /** What the key covers, hashed once by {@link #build} (one long hash costs less than many). */
  private final ByteArrayOutputStream covered = new ByteArrayOutputStream();
  private final Set<Path> directoriesAdded = new HashSet<>();
  private final FileHashes fileHashes;

  private GateCacheKey(FileHashes fileHashes) {
    this.fileHashes = fileHashes;
  }

  /**
   * The key of a gate run: the plugin's {@code version}, the goal's {@code settings}, the
   * request's classes, sources, context classes and class path, the {@code catalogFiles} and the
   * code {@code pluginLoader} loads; directory files hashed through {@code fileHashes}.
   */
  public static String of(GateRequest request, String version, Map<String, String> settings,
      List<Path> catalogFiles, ClassLoader pluginLoader, FileHashes fileHashes)
      throws IOException {
    return builder(fileHashes).text("version", version).settings(settings)
        .files("classes", List.of(request.classes())).files("sources", request.sourceRoots())
        .files("context", request.contextClasses()).files("classpath", request.classpath())
        .files("catalogs", catalogFiles).code(pluginLoader, GateCacheKey.class).build();
  }

  /** A key that so far covers nothing and reads every directory file it adds. */
  public static GateCacheKey builder() {
    return builder(FileHashes.readingEveryFile());
  }

  /** A key that so far covers nothing and hashes directory files through {@code fileHashes}. */
  public static GateCacheKey builder(FileHashes fileHashes) {
    return new GateCacheKey(fileHashes);
  }

  /** Adds a named text, e.g. the plugin's version. */
  public GateCacheKey text(String name, String value) {
    add(name);
    add(String.valueOf(value));
    return this;
  }

  /** Adds settings by name (order does not matter). */
  public GateCacheKey settings(Map<String, String> settings) {
    settings.entrySet().stream().sorted(Map.Entry.comparingByKey())
        .forEach(setting -> text(setting.getKey(), setting.getValue()));
    return this;
  }

  /**
   * Adds, under {@code name}, each path: a directory by every file in it (relative path and
   * content hash), a regular file by its content or, for a jar, its size and modification time; a
   * missing path as missing.
   */
  public GateCacheKey files(String name, List<Path> paths) throws IOException {
    add(name);
    for (Path path : paths) {
      Path absolute = path.toAbsolutePath().normalize();
      add(absolute.toString());
      Optional<BasicFileAttributes> attributes = attributesOf(absolute);
      if (attributes.isPresent() && attributes.get().isDirectory()) {
        if (directoriesAdded.add(absolute)) {
          addDirectory(absolute);
        } else {
          add("added above");
        }
      } else if (attributes.isPresent() && attributes.get().isRegularFile()) {
        addFile(absolute, attributes.get());
      } else {
        add("missing");
      }
    }
    return this;
  }

  /**
   * Adds the code {@code loader} loads from (a plugin's class realm lists its jars), or else the
   * jar or directory {@code fallback} was loaded from.
   */
  public GateCacheKey code(ClassLoader loader, Class<?> fallback) throws IOException {
    List<Path> code = new ArrayList<>();
    if (loader instanceof URLClassLoader urls) {
      for (URL url : urls.getURLs()) {
        code.add(pathOf(url));
      }
    }
    CodeSource source = fallback.getProtectionDomain().getCodeSource();
    if (code.isEmpty() && source != null) {
      code.add(pathOf(source.getLocation()));
    }
    return files("code", code);
  }

  /** The key, as hexadecimal. */
  public String build() {
    return FileHashes.sha256(covered.toByteArray());
  }

  /** One read of a path's attributes (following links), or empty if it does not exist. */
  private static Optional<BasicFileAttributes> attributesOf(Path path) throws IOException {
    try {
      return Optional.of(Files.readAttributes(path, BasicFileAttributes.class));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    }
  }

  /** Every regular file under {@code directory} (links to one included), sorted by path. */
  private void addDirectory(Path directory) throws IOException {
    List<Path> files = new ArrayList<>();
    Files.walkFileTree(directory, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
        if (attributes.isRegularFile()
            || attributes.isSymbolicLink() && Files.isRegularFile(file)) {
          files.add(file);
        }
        return FileVisitResult.CONTINUE;
      }
    });
    Collections.sort(files);
    for (Path file : files) {
      add(directory.relativize(file).toString().replace('\\', '/'));
      add(fileHashes.hash(file));
    }
  }

  /** A jar by size and time (reading a class path's jars would cost more than the gate). */
  private void addFile(Path file, BasicFileAttributes attributes) throws IOException {
    if (file.getFileName().toString().endsWith(".jar")) {
      add(attributes.size() + "@" + attributes.lastModifiedTime().toMillis());
    } else {
      covered.writeBytes(Files.readAllBytes(file));
    }
  }

  private void add(String text) {
    covered.writeBytes(text.getBytes(StandardCharsets.UTF_8));
    covered.write(0);
  }

  /** The file or directory of a code URL; a directory inside a jar ({@code jar:…!/dir/}) is the jar's. */
  private static Path pathOf(URL url) throws IOException {
    URL file = url.getProtocol().equals("jar")
        ? ((JarURLConnection) url.openConnection()).getJarFileURL() : url;
    try {
      return Path.of(file.toURI());
    } catch (URISyntaxException | IllegalArgumentException | FileSystemNotFoundException e) {
      throw new IOException("cannot read the plugin's code at " + url, e);
    }
  }
}
