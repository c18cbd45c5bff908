; Inno Setup script: turns dist\Tarneeb (from `pyinstaller build.spec`) into one setup .exe
; with a Start-menu entry, an optional desktop icon and an uninstaller.
;
;   pyinstaller --noconfirm build.spec
;   iscc /DAppVersion=0.1.0 packaging\windows\tarneeb.iss
; (packaging\windows\build.ps1 does both and finds or installs Inno Setup.)
; NumericVersion (digits and dots only, for the file-version resource) defaults to AppVersion.
;
; Output: dist\Tarneeb-<version>-windows-x64-setup.exe. Installs per user by default (no
; administrator prompt); the installer offers "install for all users" when run as admin.
; The player's settings, saved games and crash logs are in %LOCALAPPDATA%\Tarneeb and are
; kept when the game is uninstalled.

#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif
#ifndef Compression
  ; build-wine.sh's tests pass /DCompression=zip: quicker to build and install.
  #define Compression "lzma2/max"
#endif
#ifndef NumericVersion
  #define NumericVersion AppVersion
#endif
#define AppName "Tarneeb"
#define AppExe "Tarneeb.exe"

[Setup]
; Every relative path below (sources, icon, licence, output) is from the repository root.
SourceDir=..\..
; A fixed AppId ties upgrades and the uninstaller to this game: never change it.
AppId={{4B49B426-217B-48E4-A605-E00BA7CE84EB}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=Tarneeb Desktop contributors
VersionInfoVersion={#NumericVersion}
VersionInfoDescription={#AppName} setup
; {autopf} is %LOCALAPPDATA%\Programs for a per-user install, Program Files for all users.
; packaging/windows/test-installer.sh compiles this file and runs it under Wine.
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir=dist
OutputBaseFilename=Tarneeb-{#AppVersion}-windows-x64-setup
SetupIconFile=assets\icon.ico
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName} {#AppVersion}
LicenseFile=LICENSE
Compression={#Compression}
SolidCompression=yes
WizardStyle=modern
; The game may be running during an upgrade: ask to close it rather than fail on locked files.
CloseApplications=yes

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "dist\Tarneeb\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[InstallDelete]
; A new version may drop files: clear the bundled runtime so old modules cannot linger.
Type: filesandordirs; Name: "{app}\_internal"

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"; WorkingDir: "{app}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; WorkingDir: "{app}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
