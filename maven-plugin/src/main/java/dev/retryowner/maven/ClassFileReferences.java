package dev.retryowner.maven;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.signature.SignatureReader;
import org.objectweb.asm.signature.SignatureVisitor;

/**
 * What one class file names, read from its constant pool with ASM and without parsing a method
 * body: every type it refers to (class constants, and the types in every descriptor and generic
 * signature, which include annotation types, field, parameter and return types and type
 * arguments), every member name of its member references, and its direct supertypes and
 * class-level annotations. All type names are binary names ({@code com.acme.Outer$Inner}).
 *
 * @param className the class the file declares
 * @param parents the direct superclass, interfaces and class-level annotation types
 * @param types every type the constant pool names, the class itself included
 * @param memberNames the names of the fields and methods the class refers to or calls
 * @param watchedMemberOwners the owners of the member references with a watched name (the type
 *     a call names, e.g. {@code com.acme.Worker} for {@code worker.wait()})
 * @param sourcePath the source file javac recorded, as a path below a source root, if any
 */
record ClassFileReferences(String className, List<String> parents, Set<String> types,
    Set<String> memberNames, Set<String> watchedMemberOwners, Optional<String> sourcePath) {
  private static final int UTF8 = 1;
  private static final int CLASS = 7;
  private static final int FIELD_REF = 9;
  private static final int METHOD_REF = 10;
  private static final int INTERFACE_METHOD_REF = 11;
  private static final int NAME_AND_TYPE = 12;

  /**
   * Reads a class file.
   *
   * @param watchedMemberNames the member names whose references' owners to collect
   * @throws IllegalArgumentException or another runtime exception of ASM if the bytes are no
   *     class file
   */
  static ClassFileReferences read(byte[] bytes, Set<String> watchedMemberNames) {
    ClassReader reader = new ClassReader(bytes);
    Set<String> types = new HashSet<>();
    Set<String> memberNames = new HashSet<>();
    Set<String> watchedMemberOwners = new HashSet<>();
    char[] buffer = new char[reader.getMaxStringLength()];
    for (int item = 1; item < reader.getItemCount(); item++) {
      int offset = reader.getItem(item);
      if (offset == 0) {
        continue; // the unused second slot of a long or double constant
      }
      switch (reader.readByte(offset - 1)) {
        case CLASS -> addClassConstant(reader.readUTF8(offset, buffer), types);
        case NAME_AND_TYPE -> memberNames.add(reader.readUTF8(offset, buffer));
        case UTF8 -> addSignatureTypes(bytes, offset, types);
        case FIELD_REF, METHOD_REF, INTERFACE_METHOD_REF -> {
          String name = reader.readUTF8(reader.getItem(reader.readUnsignedShort(offset + 2)),
              buffer);
          String owner = reader.readClass(offset, buffer);
          if (watchedMemberNames.contains(name) && !owner.startsWith("[")) {
            watchedMemberOwners.add(binaryName(owner));
          }
        }
        default -> { }
      }
    }
    Header header = header(reader);
    types.addAll(header.parents);
    return new ClassFileReferences(header.className, header.parents, types, memberNames,
        watchedMemberOwners, header.sourcePath);
  }

  /** The class name and parents only, for types the filter looks up by name. */
  static ClassFileReferences readHeader(byte[] bytes) {
    Header header = header(new ClassReader(bytes));
    return new ClassFileReferences(header.className, header.parents, Set.of(), Set.of(),
        Set.of(), header.sourcePath);
  }

  private static void addClassConstant(String internalName, Set<String> types) {
    if (internalName.startsWith("[")) {
      addSignatureTypes(internalName, types);
    } else {
      types.add(binaryName(internalName));
    }
  }

  /**
   * Descriptors and signatures start with one of these characters, and name a class type only
   * after an {@code L}. A string constant may look so too; parsing it yields at worst a few names
   * that match nothing, which only keeps a class more.
   */
  private static void addSignatureTypes(byte[] bytes, int offset, Set<String> types) {
    int length = ((bytes[offset] & 0xFF) << 8) | (bytes[offset + 1] & 0xFF);
    int start = offset + 2;
    if (length < 2) {
      return;
    }
    byte first = bytes[start];
    if (first != '(' && first != '<' && first != 'L' && first != '[') {
      return;
    }
    boolean namesAClass = false;
    boolean hasTypeArguments = false;
    boolean ascii = true;
    for (int i = start; i < start + length; i++) {
      namesAClass |= bytes[i] == 'L';
      hasTypeArguments |= bytes[i] == '<';
      ascii &= bytes[i] > 0;
    }
    if (!namesAClass) {
      return;
    }
    if (!ascii) {
      addSignatureTypes(modifiedUtf8(bytes, offset, length), types);
    } else if (hasTypeArguments) {
      addSignatureTypes(new String(bytes, start, length, StandardCharsets.ISO_8859_1), types);
    } else {
      addDescriptorTypes(bytes, start, start + length, types);
    }
  }

  /**
   * The class types of a descriptor, or of a signature without type arguments: each is {@code
   * L<internal name>;}, and no other part of it holds an {@code L} (a type variable's name may,
   * which adds a name that matches nothing). Most constants are such; this is the fast way.
   */
  private static void addDescriptorTypes(byte[] bytes, int start, int end, Set<String> types) {
    int i = start;
    while (i < end) {
      if (bytes[i] != 'L') {
        i++;
        continue;
      }
      int nameEnd = i + 1;
      while (nameEnd < end && bytes[nameEnd] != ';') {
        nameEnd++;
      }
      if (nameEnd == end) {
        return; // no descriptor after all
      }
      if (nameEnd > i + 1) {
        byte[] name = Arrays.copyOfRange(bytes, i + 1, nameEnd);
        for (int k = 0; k < name.length; k++) {
          if (name[k] == '/') {
            name[k] = '.';
          }
        }
        types.add(new String(name, StandardCharsets.ISO_8859_1));
      }
      i = nameEnd + 1;
    }
  }

  /** Decodes the class file's modified UTF-8 (only needed beyond ASCII, where it differs). */
  private static String modifiedUtf8(byte[] bytes, int offset, int length) {
    try {
      return new DataInputStream(new ByteArrayInputStream(bytes, offset, length + 2)).readUTF();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void addSignatureTypes(String signature, Set<String> types) {
    TypeCollector collector = new TypeCollector(types);
    try {
      if (signature.startsWith("[")) {
        new SignatureReader(signature).acceptType(collector);
      } else {
        new SignatureReader(signature).accept(collector);
      }
    } catch (RuntimeException notASignature) {
      // a string constant that only looked like one; the names read so far stay, which is safe
    }
  }

  private static String binaryName(String internalName) {
    return internalName.replace('/', '.');
  }

  private record Header(String className, List<String> parents, Optional<String> sourcePath) {}

  /**
   * The class name, parents and source file, read from the class file's structure directly: ASM's
   * visitor would also decode every field and method only to skip them.
   */
  private static Header header(ClassReader reader) {
    String className = binaryName(reader.getClassName());
    List<String> parents = new ArrayList<>();
    if (reader.getSuperName() != null) {
      parents.add(binaryName(reader.getSuperName()));
    }
    for (String anInterface : reader.getInterfaces()) {
      parents.add(binaryName(anInterface));
    }
    char[] buffer = new char[reader.getMaxStringLength()];
    // access_flags, this_class, super_class, interfaces_count, then the interfaces
    int offset = reader.header + 8 + 2 * reader.readUnsignedShort(reader.header + 6);
    offset = skipMembers(reader, offset); // fields
    offset = skipMembers(reader, offset); // methods
    String source = null;
    int attributes = reader.readUnsignedShort(offset);
    offset += 2;
    for (int i = 0; i < attributes; i++) {
      String name = reader.readUTF8(offset, buffer);
      int body = offset + 6;
      switch (name) {
        case "SourceFile" -> source = reader.readUTF8(body, buffer);
        case "RuntimeVisibleAnnotations", "RuntimeInvisibleAnnotations" -> {
          int annotation = body + 2;
          for (int count = reader.readUnsignedShort(body); count > 0; count--) {
            parents.add(Type.getType(reader.readUTF8(annotation, buffer)).getClassName());
            annotation = skipAnnotation(reader, annotation);
          }
        }
        default -> { }
      }
      offset = body + reader.readInt(offset + 2);
    }
    int packageEnd = reader.getClassName().lastIndexOf('/');
    Optional<String> sourcePath = Optional.ofNullable(source)
        .map(file -> packageEnd < 0 ? file
            : reader.getClassName().substring(0, packageEnd + 1) + file);
    return new Header(className, parents, sourcePath);
  }

  /** Skips a fields or methods table: count, then each member's 6 bytes and its attributes. */
  private static int skipMembers(ClassReader reader, int offset) {
    int members = reader.readUnsignedShort(offset);
    offset += 2;
    for (int i = 0; i < members; i++) {
      int attributes = reader.readUnsignedShort(offset + 6);
      offset += 8;
      for (int a = 0; a < attributes; a++) {
        offset += 6 + reader.readInt(offset + 2);
      }
    }
    return offset;
  }

  /** Skips an annotation structure: its type, then its element-value pairs. */
  private static int skipAnnotation(ClassReader reader, int offset) {
    int pairs = reader.readUnsignedShort(offset + 2);
    offset += 4;
    for (int i = 0; i < pairs; i++) {
      offset = skipElementValue(reader, offset + 2);
    }
    return offset;
  }

  private static int skipElementValue(ClassReader reader, int offset) {
    return switch (reader.readByte(offset)) {
      case 'e' -> offset + 5;
      case '@' -> skipAnnotation(reader, offset + 1);
      case '[' -> {
        int next = offset + 3;
        for (int count = reader.readUnsignedShort(offset + 1); count > 0; count--) {
          next = skipElementValue(reader, next);
        }
        yield next;
      }
      default -> offset + 3; // a constant, a string or a class: one constant pool index
    };
  }

  /** Collects the class types of a signature, nested ones by their binary name. */
  private static final class TypeCollector extends SignatureVisitor {
    private final Set<String> types;
    /** The class types being read, innermost last: type arguments nest inside a type. */
    private final Deque<String> open = new ArrayDeque<>();

    TypeCollector(Set<String> types) {
      super(Opcodes.ASM9);
      this.types = types;
    }

    @Override
    public void visitClassType(String name) {
      open.push(binaryName(name));
      types.add(open.peek());
    }

    @Override
    public void visitInnerClassType(String name) {
      String outer = open.isEmpty() ? "" : open.pop() + "$";
      open.push(outer + name);
      types.add(open.peek());
    }

    @Override
    public void visitEnd() {
      open.poll();
    }
  }
}
