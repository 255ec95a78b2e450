package dev.retryowner.gate.cache;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The content hashes of the files the cache key covers, remembered between runs by each file's
 * size and times, so that a no-change re-run reads no file. A file whose size and modification
 * time (and, where the file system tells it, status-change time, which no program can set back)
 * are as recorded takes its recorded hash; any other file is read.
 *
 * <p>As in git's "racy" rule, a hash is recorded only for a file whose times are safely older
 * than the {@code reference}, the file system's time when this run began reading: a file written
 * after it, or within {@link #MARGIN} of it, could be rewritten with the same size within the same
 * time stamp tick (file systems keep times in ticks up to 2 s), its times unchanged, so it is read
 * again next time. A file whose times changed but whose content did not (touched, checked out
 * again) is read once, keeps its hash, and so keeps the key.
 */
public final class FileHashes {
  /** How much older than the reference a file's times must be before its hash is recorded. */
  static final Duration MARGIN = Duration.ofSeconds(2);

  private static final String HEADER = "retry-owner file hashes 1";
  private static final long UNKNOWN = Long.MIN_VALUE;
  private static final String UNIX_VIEW = "unix";
  private static final boolean UNIX_TIMES =
      FileSystems.getDefault().supportedFileAttributeViews().contains(UNIX_VIEW);

  private final Map<String, Entry> recorded;
  private final Map<String, Entry> seen = new HashMap<>();
  private final long recordBefore;
  private int filesRead;

  private FileHashes(Map<String, Entry> recorded, long recordBefore) {
    this.recorded = recorded;
    this.recordBefore = recordBefore;
  }

  /** The SHA-256 of {@code bytes}, as hexadecimal. */
  static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime provides SHA-256", e);
    }
  }

  /** Hashes that read every file and record nothing. */
  public static FileHashes readingEveryFile() {
    return new FileHashes(Map.of(), Long.MIN_VALUE);
  }

  /**
   * The hashes {@code file} recorded (none if it is missing or damaged) for a run that began
   * reading at {@code reference}, by the clock of the file system the files are on.
   */
  public static FileHashes recordedIn(Path file, FileTime reference) {
    return new FileHashes(read(file).orElseGet(Map::of),
        nanos(reference) - MARGIN.toNanos());
  }

  /**
   * The file system's time now, as it stamps files: the modification time of a file created and
   * deleted in {@code directory} (which is created if missing). Compared with other files' times
   * it has their clock and their coarseness.
   */
  public static FileTime fileSystemTime(Path directory) throws IOException {
    Files.createDirectories(directory);
    // Named by thread, not by Files.createTempFile or the process id: seeding the random names
    // or looking the process up costs more on a cold JVM than the whole key. Another build of
    // the same module at the same moment may delete it: that run then computes no key, says so
    // and runs the gate.
    Path probe = directory.resolve("clock-" + Thread.currentThread().getId() + ".tmp");
    Files.deleteIfExists(probe);
    Files.createFile(probe);
    try {
      return Files.getLastModifiedTime(probe);
    } finally {
      Files.deleteIfExists(probe);
    }
  }

  /**
   * The SHA-256 of {@code file}'s content, as hexadecimal: recorded if its stamp is unchanged.
   * The path must be normalized, as a walk of a normalized directory gives it.
   */
  String hash(Path file) throws IOException {
    String path = file.toAbsolutePath().toString();
    Stamp stamp = Stamp.of(file);
    Entry entry = recorded.get(path);
    if (entry == null || !entry.stamp().sameAs(stamp)) {
      filesRead++;
      entry = new Entry(stamp, sha256(Files.readAllBytes(file)));
    }
    seen.put(path, entry);
    return entry.hash();
  }

  /** How many files {@link #hash} read (their stamps were new or changed) rather than recalled. */
  public int filesRead() {
    return filesRead;
  }

  /**
   * Records in {@code file} the hashes of the files seen since loading whose times are safely
   * older than the reference; writes nothing when that is what the file already holds.
   */
  public void record(Path file) throws IOException {
    if (filesRead == 0 && seen.size() == recorded.size()) {
      return; // every file seen was recalled, so the file already holds exactly these
    }
    Map<String, Entry> safe = new HashMap<>();
    seen.forEach((path, entry) -> {
      if (entry.stamp().olderThan(recordBefore)) {
        safe.put(path, entry);
      }
    });
    List<String> lines = new ArrayList<>(safe.size() + 1);
    lines.add(HEADER);
    safe.forEach((path, entry) -> lines.add(TabSeparatedLine.of("file", path,
        Long.toString(entry.stamp().size()), Long.toString(entry.stamp().modified()),
        Long.toString(entry.stamp().changed()), entry.hash())));
    Files.createDirectories(file.toAbsolutePath().getParent());
    Files.write(file, lines, StandardCharsets.UTF_8);
  }

  private static Optional<Map<String, Entry>> read(Path file) {
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      List<String> lines = Files.readString(file, StandardCharsets.UTF_8).lines().toList();
      if (lines.isEmpty() || !lines.get(0).equals(HEADER)) {
        return Optional.empty();
      }
      Map<String, Entry> entries = new HashMap<>(lines.size() * 2);
      for (String line : lines.subList(1, lines.size())) {
        List<String> fields = TabSeparatedLine.fields(line);
        if (fields.size() != 6 || !fields.get(0).equals("file")) {
          return Optional.empty();
        }
        entries.put(fields.get(1), new Entry(new Stamp(Long.parseLong(fields.get(2)),
            Long.parseLong(fields.get(3)), Long.parseLong(fields.get(4))), fields.get(5)));
      }
      return Optional.of(entries);
    } catch (IOException | IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  private static long nanos(FileTime time) {
    return time.to(TimeUnit.NANOSECONDS);
  }

  /**
   * What tells a file's content unchanged: its size, modification time and status-change time
   * ({@link #UNKNOWN} where the file system does not say), in nanoseconds.
   */
  private record Stamp(long size, long modified, long changed) {
    static Stamp of(Path file) throws IOException {
      if (UNIX_TIMES && file.getFileSystem() == FileSystems.getDefault()) {
        Map<String, Object> attributes =
            Files.readAttributes(file, UNIX_VIEW + ":size,lastModifiedTime,ctime");
        return new Stamp((Long) attributes.get("size"),
            nanos((FileTime) attributes.get("lastModifiedTime")),
            nanos((FileTime) attributes.get("ctime")));
      }
      BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
      return new Stamp(attributes.size(), nanos(attributes.lastModifiedTime()), UNKNOWN);
    }

    /** Field by field (a record's generated equals costs a bootstrap on a cold JVM). */
    boolean sameAs(Stamp other) {
      return size == other.size && modified == other.modified && changed == other.changed;
    }

    boolean olderThan(long time) {
      return modified < time && changed < time;
    }
  }

  private record Entry(Stamp stamp, String hash) {}
}
