# Build the Windows download: dist\Tarneeb (PyInstaller) and its Inno Setup installer,
# dist\Tarneeb-VERSION-windows-x64-setup.exe.
#
#   powershell -ExecutionPolicy Bypass -File packaging\windows\build.ps1
#
# Needs the game's dependencies and pyinstaller (pip install ".[build]"), and Inno Setup 6
# (installed with Chocolatey when ISCC.exe is not found: choco install innosetup).
$ErrorActionPreference = "Stop"
Set-Location (Join-Path $PSScriptRoot "..\..")

$init = Get-Content "tarneeb_desktop\__init__.py" -Raw
if ($init -notmatch '__version__ = "([^"]+)"') { throw "no __version__ in tarneeb_desktop\__init__.py" }
$version = $Matches[1]
# The installer's file-version resource takes numbers only: 1.2.0rc1 becomes 1.2.0.
$numeric = ([regex]::Matches($version, '\d+') | Select-Object -First 3 | ForEach-Object { $_.Value }) -join "."

python -m PyInstaller --noconfirm --clean --log-level WARN build.spec
if ($LASTEXITCODE -ne 0) { throw "PyInstaller failed" }
& "dist\Tarneeb\tarneeb-cli.exe" --version
if ($LASTEXITCODE -ne 0) { throw "the frozen game does not start" }

$iscc = (Get-Command iscc.exe -ErrorAction SilentlyContinue).Source
if (-not $iscc) {
    foreach ($dir in @("${env:ProgramFiles(x86)}\Inno Setup 6", "$env:ProgramFiles\Inno Setup 6", "$env:LOCALAPPDATA\Programs\Inno Setup 6")) {
        if (Test-Path "$dir\ISCC.exe") { $iscc = "$dir\ISCC.exe"; break }
    }
}
if (-not $iscc) {
    choco install innosetup -y --no-progress | Out-Host
    $iscc = "${env:ProgramFiles(x86)}\Inno Setup 6\ISCC.exe"
}
& $iscc /Qp "/DAppVersion=$version" "/DNumericVersion=$numeric" "packaging\windows\tarneeb.iss"
if ($LASTEXITCODE -ne 0) { throw "Inno Setup failed" }
Get-Item "dist\Tarneeb-$version-windows-x64-setup.exe" | ForEach-Object { "built $($_.FullName) ($([math]::Round($_.Length / 1MB, 1)) MB)" }
